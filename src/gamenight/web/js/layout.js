// The view's layout description (State.view(seat).layout: family, zones, fields) arranged for
// the table page. Nothing here reads a view key by name: zones go where their `show` hint and
// owner put them, fields where their kind and flags do, and each family only chooses what sits
// in the middle of the felt. A family this file does not know gets the generic arrangement.

/** Each family's felt: which zones lie in the middle (the rest go under "On the table"). */
const FAMILIES = {
  // seats round the felt, the trick in the middle
  "trick-taking": { centre: (z) => z.show === "trick" },
  // hands round the felt, the stock and the discard pile in the middle, melds/books by team below
  rummy: { centre: (z) => z.show === "pile" },
  canasta: { centre: (z) => z.show === "pile" },
};
const GENERIC = { centre: (z) => z.show === "trick" || z.show === "pile" };

export function familyOf(view) {
  const layout = view.layout || {};
  return FAMILIES[layout.family] || GENERIC;
}

/** The view's layout, arranged: what goes in each seat's box, the middle, the hand, the rest. */
export function arrange(view) {
  const layout = view.layout || {};
  const zones = layout.zones || [];
  const fields = (layout.fields || []).filter((f) => f.key in view);
  const family = familyOf(view);
  const n = (view.players || []).length;
  const seat = Number.isInteger(view.seat) ? view.seat : null;
  const bySeat = Array.from({ length: n }, () => []);
  const centre = [];
  const groups = new Map(); // group name -> zones nobody owns, drawn together
  let hand = null;
  for (const z of zones) {
    if (z.show === "hand" && seat !== null && z.owner === seat && Array.isArray(z.pieces)) {
      hand = { label: "Your hand", pieces: z.pieces.filter((p) => p !== null), piece: z.piece, zone: z.key };
    }
    if (z.owner !== null && z.owner !== undefined && z.show !== "trick" && z.owner < n) {
      bySeat[z.owner].push(z);
    } else if (family.centre(z)) {
      centre.push(z);
    } else {
      const g = z.group || "";
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(z);
    }
  }
  if (hand === null) {
    const f = fields.find((x) => x.kind === "hand" && Array.isArray(view[x.key]));
    if (f) hand = { label: f.label, pieces: view[f.key], piece: f.piece || "", zone: null };
  }
  return {
    family: layout.family || "",
    bySeat,
    centre,
    groups,
    hand,
    head: fields.filter((f) => f.head && !f.per_seat),
    perSeat: fields.filter((f) => f.per_seat && Array.isArray(view[f.key])),
    flags: fields.filter((f) => f.kind === "flag" && !f.per_seat && !f.head),
    info: fields.filter((f) => !f.head && !f.per_seat && f.kind !== "hand" && f.kind !== "flag"),
  };
}

/** "West's hand" → "Hand", "Tricks taken by West" → "Tricks taken": a seat box's row title. */
export function zoneTitle(z, players) {
  let label = String(z.label || z.name);
  const name = players[z.owner];
  if (name) for (const form of [`${name}'s `, ` by ${name}`, ` of ${name}`, `${name} `]) label = label.split(form).join(" ");
  label = label.trim().replace(/\s+/g, " ");
  return label ? label.charAt(0).toUpperCase() + label.slice(1) : z.name;
}
