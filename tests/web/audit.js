// The phone audit's measurements, run in the page by tests/web/audit.py (one call per viewport):
// what is outside the first screen, covered, cut short, and the words a person reads by region.
([actionable, pieces, regions, rules, hand, bar, W, H]) => {
  // W × H: the screen asked for; a phone's browser widens its layout past it (and zooms out)
  // when the page is wider, so innerWidth is not the screen
  const shown = el => el.checkVisibility({visibilityProperty: true, opacityProperty: false});
  const name = el => {
    const id = el.id ? '#' + el.id : '';
    const data = [...el.attributes].filter(a => a.name.startsWith('data-') && a.value.length < 20)
      .slice(0, 2).map(a => `[${a.name}=${a.value}]`).join('');
    const words = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ');
    return `${el.tagName.toLowerCase()}${id}${data}` + (words ? ` "${words.slice(0, 40)}"` : '');
  };
  const visibleText = root => {
    const out = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.data.trim() && n.parentElement && shown(n.parentElement)) out.push(n.data);
    }
    return out.join(' ').replace(/\s+/g, ' ').trim();
  };
  const rect = el => el.getBoundingClientRect();
  scrollTo({top: 0, left: 0, behavior: 'instant'});
  const result = {overflow: Math.max(document.documentElement.scrollWidth, innerWidth), width: W, firstScreen: [],
                  covered: [], clipped: [], texts: [], rules: ''};

  // the hand and the action bar inside the first screen, nothing scrolled
  const inFirst = r => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= H + 0.5 && r.right <= W + 0.5;
  const handEl = document.querySelector(hand);
  result.hand = !!handEl && shown(handEl) && handEl.querySelector(pieces) !== null;
  if (result.hand) {
    const box = rect(handEl);
    const pieceEls = [...handEl.querySelectorAll(pieces)].filter(shown);
    const out = pieceEls.filter(card => { const r = rect(card); return r.top < -0.5 || r.bottom > H + 0.5; });
    if (box.top < -0.5 || box.bottom > H + 0.5 || out.length)
      result.firstScreen.push(`the hand (${hand}) spans y ${Math.round(box.top)}–${Math.round(box.bottom)}`
                              + ` on a ${H} px screen, ${out.length} of its ${pieceEls.length} pieces outside it`);
  }
  const barEl = document.querySelector(bar);
  result.bar = !!barEl && shown(barEl);
  if (result.bar) {
    const box = rect(barEl);
    if (!inFirst(box))
      result.firstScreen.push(`the action bar (${bar}) at x ${Math.round(box.left)}–${Math.round(box.right)},`
                              + ` y ${Math.round(box.top)}–${Math.round(box.bottom)}`);
  }
  result.enabledMoves = barEl ? barEl.querySelectorAll('button:not([disabled])').length : 0;

  // every actionable element: the element at the centre of its box is itself or inside it
  const isPiece = el => el.matches(pieces);
  // the row a piece lies in: its list when it is an item of one (a hand), else its parent
  const rowOf = el => el.parentElement.tagName === 'LI' ? el.parentElement.parentElement : el.parentElement;
  const hits = (el, x, y) => { const at = document.elementFromPoint(x, y); return at && (at === el || el.contains(at)); };
  for (const el of document.querySelectorAll(actionable)) {
    if (!shown(el)) continue;
    let r = rect(el);
    if (r.width < 1 || r.height < 1) continue;            // drawn as nothing: a visually hidden label
    const page = {left: r.left + scrollX, top: r.top + scrollY};
    if (page.left + r.width <= 0 || page.top + r.height <= 0) continue;  // parked off the page: a skip link
    el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});  // not smooth: measured at once
    r = rect(el);
    // in the layout's own viewport: a page wider than the screen widens it (that is reported
    // above), and elementFromPoint reads it
    const cx = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const cy = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    if (r.left < -0.5 || r.right > innerWidth + 0.5) {
      result.covered.push(`${name(el)} is cut by the screen's edge (x ${Math.round(r.left)}–${Math.round(r.right)}`
                          + ` on a ${innerWidth} px screen)`);
    }
    if (hits(el, cx, cy)) continue;
    const at = document.elementFromPoint(cx, cy);
    // a piece in a fan or a stack overlaps the pieces beside it by design: some point of it
    // a person can tap is enough when what lies on it is a piece of the same row
    const over = at && at.closest(pieces);
    if (isPiece(el) && over && rowOf(over) === rowOf(el)) {
      let reachable = false;
      for (let i = 1; i < 6 && !reachable; i++) for (let j = 1; j < 6 && !reachable; j++)
        reachable = hits(el, r.left + r.width * i / 6, r.top + r.height * j / 6);
      if (reachable) continue;
      result.covered.push(`${name(el)} is hidden under the pieces beside it (${name(over)})`);
      continue;
    }
    result.covered.push(`${name(el)} is covered by ${at ? name(at) : 'nothing on the screen'}`
                        + ` at (${Math.round(cx)}, ${Math.round(cy)})`);
  }
  scrollTo({top: 0, left: 0, behavior: 'instant'});

  // no clipped label: text cut by its own box (overflow hidden, or an ellipsis), by a box
  // around it that hides what overflows it (the felt), or by the screen's edge
  const hides = v => v === 'hidden' || v === 'clip';
  for (const el of document.querySelectorAll('body *')) {
    if (!shown(el)) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.data.trim());
    if (!own) continue;
    const r = rect(el);
    if (r.width <= 1 || r.height <= 1) continue;  // visually hidden, for screen readers
    const style = getComputedStyle(el);
    const cutX = hides(style.overflowX) || style.textOverflow === 'ellipsis';
    if ((cutX && el.scrollWidth > el.clientWidth + 1) || (hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1)) {
      result.clipped.push(`${name(el)} shows ${el.clientWidth}×${el.clientHeight} px of its ${el.scrollWidth}×${el.scrollHeight}`);
      continue;
    }
    const page = {left: r.left + scrollX, right: r.right + scrollX, bottom: r.bottom + scrollY};
    if (page.right <= 0 || page.bottom <= 0) continue;  // parked off the page: a skip link
    // what a strip that scrolls holds is reached by scrolling it, on that axis, whatever lies
    // further out; a box that hides its overflow, nearer than such a strip, cuts it
    let scrollsX = false, scrollsY = false;
    let cutBy = null;
    for (let up = el.parentElement; up && up !== document.body && !cutBy; up = up.parentElement) {
      const s = getComputedStyle(up);
      const box = rect(up);
      if (!scrollsX && hides(s.overflowX) && (r.left < box.left - 1 || r.right > box.right + 1)) cutBy = up;
      if (!scrollsY && hides(s.overflowY) && (r.top < box.top - 1 || r.bottom > box.bottom + 1)) cutBy = up;
      scrollsX ||= ['auto', 'scroll'].includes(s.overflowX);
      scrollsY ||= ['auto', 'scroll'].includes(s.overflowY);
    }
    const scroller = scrollsX;
    if (cutBy) {
      result.clipped.push(`${name(el)} is cut by the edge of ${name(cutBy).split(' "')[0]}`);
    } else if (!scroller && (page.left < -1 || page.right > W + 1)) {
      result.clipped.push(`${name(el)} runs past the screen's edge (x ${Math.round(page.left)}–`
                          + `${Math.round(page.right)} on a ${W} px screen)`);
    }
  }

  // the words a person reads (and hears: the accessible names), by region
  for (const [region, selector] of Object.entries(regions)) {
    for (const el of document.querySelectorAll(selector)) {
      if (!shown(el)) continue;
      const text = visibleText(el);
      if (text) result.texts.push([region, text]);
    }
  }
  for (const el of document.querySelectorAll(actionable)) {
    if (!shown(el)) continue;
    for (const attr of ['aria-label', 'title', 'aria-description'])
      if (el.getAttribute(attr)) result.texts.push(['name', el.getAttribute(attr)]);
  }
  result.texts.push(['page', visibleText(document.body)]);
  const rulesEl = document.querySelector(rules);
  result.rules = rulesEl ? rulesEl.textContent.replace(/\s+/g, ' ') : '';
  return result;
}
