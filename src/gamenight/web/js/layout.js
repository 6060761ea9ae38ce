// The view's layout description (State.view(seat).layout: family, zones, fields) arranged for
// the table page. Nothing here reads a view key by name: zones go where their `show` hint, owner
// and group put them, fields where their kind and flags do, and each family only chooses the
// felt's shape and what sits in its middle. A family this file does not know gets the generic one.

/** Each family's felt: its shape, and which zones lie in the middle. */
const FAMILIES = {
  // seats round the felt, the trick in the middle, an up-card or a kitty beside it
  "trick-taking": { shape: "ring", centre: (z) => z.show === "trick" },
  // seats in a row, each team's melds in its own area, the stock and the discard pile between
  rummy: { shape: "board", centre: (z) => z.show === "pile" || z.show === "spread" },
  canasta: { shape: "board", centre: (z) => z.show === "pile" },
  // a board game: the seats in a row, the board's picture (a field of kind "board") and the piles
  board: { shape: "board", centre: (z) => z.show === "pile" || z.show === "spread" },
};
const GENERIC = { shape: "ring", centre: (z) => z.show === "trick" || z.show === "pile" || z.show === "spread" };

export function familyOf(view) {
  const layout = view.layout || {};
  return FAMILIES[layout.family] || GENERIC;
}

/** Field kinds drawn somewhere of their own rather than in the "On the table" list. */
const OWN_PLACE = new Set(["hand", "flag", "trick", "teams", "marks", "choose", "melds", "dice", "board",
  "dominoes", "track"]);
/** Field kinds that are pictures drawn in the middle of the felt (dice on the table). */
const PICTURES = new Set(["dice"]);

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
  const tablePiles = []; // a ring's other shared zones (an up-card, a kitty): on the felt beside the trick
  const groups = new Map(); // group name -> zones nobody owns, drawn together (a team's books)
  let hand = null;
  // zones a picture field draws in detail (a domino layout's lines): drawn by it, not as piles
  const pictured = new Set(fields.filter((f) => f.kind === "dominoes" && view[f.key]).map((f) => f.key));
  for (const z of zones) {
    if (z.detail && pictured.has(z.detail)) continue;
    if (z.show === "hand" && seat !== null && z.owner === seat && Array.isArray(z.pieces)) {
      hand = { label: "Your hand", pieces: z.pieces.filter((p) => p !== null), piece: z.piece, zone: z.key };
    }
    if (z.owner !== null && z.owner !== undefined && z.show !== "trick" && z.owner < n) {
      bySeat[z.owner].push(z);
    } else if (family.centre(z)) {
      centre.push(z);
    } else if (z.group) {
      if (!groups.has(z.group)) groups.set(z.group, []);
      groups.get(z.group).push(z);
    } else {
      tablePiles.push(z);
    }
  }
  if (hand === null) {
    const f = fields.find((x) => x.kind === "hand" && Array.isArray(view[x.key]));
    if (f) hand = { label: f.label, pieces: view[f.key], piece: f.piece || "", zone: null };
  }
  const ofKind = (kind) => fields.filter((f) => f.kind === kind && !f.per_seat);
  const melds = ofKind("melds");
  return {
    family: layout.family || "",
    shape: family.shape,
    fields,
    bySeat,
    centre,
    tablePiles,
    groups,
    hand,
    head: fields.filter((f) => f.head && !f.per_seat),
    feltHead: fields.filter((f) => f.head && !f.per_seat && f.kind === "suit"),
    perSeat: fields.filter((f) => f.per_seat && Array.isArray(view[f.key])),
    flags: fields.filter((f) => f.kind === "flag" && !f.per_seat && !f.head),
    teams: ofKind("teams"),
    trick: ofKind("trick").find((f) => view[f.key]) || ofKind("trick")[0] || null,
    calls: ofKind("plays"),
    marks: ofKind("marks"),
    choose: ofKind("choose")[0] || null,
    melds,
    pictures: fields.filter((f) => PICTURES.has(f.kind) && !f.per_seat),
    boards: ofKind("board"),
    tracks: ofKind("track"),
    lines: ofKind("dominoes").filter((f) => view[f.key]),
    info: fields.filter((f) => !f.head && !f.per_seat && !OWN_PLACE.has(f.kind)),
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
