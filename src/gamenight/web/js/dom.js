// Tiny DOM helpers: build elements from data, no framework.

/**
 * Make an element: h("button", {class: "x", onclick: f, "aria-label": "..."}, child, ...).
 * Children may be strings, nodes, arrays (flattened), null/undefined/false (skipped).
 * Attributes: "class", "text", "dataset" (object), "style" (object of properties), on* (listeners),
 * booleans (present when true).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/**
 * Load one of the client's style sheets (css/NAME) once, from the folder this script came from: the
 * pages name their files under a fingerprint the browser may keep (server/assets.py), and a sheet
 * fetched from there is kept with them.
 */
export function useSheet(name) {
  const href = new URL(`../css/${name}`, import.meta.url).href;
  const loaded = [...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.href.endsWith(`/css/${name}`));
  if (!loaded) document.head.append(h("link", { rel: "stylesheet", href }));
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element (the same attribute rules as h, no listeners needed). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    // Styles through the CSSOM, which a strict Content-Security-Policy allows (style attributes it may not).
    else if (k === "style" && typeof v === "object") for (const [p, x] of Object.entries(v)) el.style.setProperty(p, x);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "value") el.value = v;
    else if (k === "checked") el.checked = Boolean(v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
}

export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

/** Draw `el` with `paint` only when `inputs` differ from what it was last drawn from. */
const drawnFrom = new WeakMap();

export function redrawOnChange(el, inputs, paint) {
  const signature = JSON.stringify(inputs);
  if (drawnFrom.get(el) === signature) return;
  paint();
  drawnFrom.set(el, signature);
}
