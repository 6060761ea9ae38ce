// The four-colour deck (a setting of the page, off by default, remembered in localStorage): clubs
// green and diamonds blue, so no suit is told from its neighbour by its shape alone on a small
// card, and a person who cannot tell red from black still tells the four suits apart. The page
// marks every suit it colours with its letter (cards.js: `suit-C` on text, `gn-suit-C` on a card's
// picture); the class `four-colour` on the document switches the colours (gamenight.css).

const DECK_KEY = "gamenight.four-colour";

/** Whether the person chose the four-colour deck on this device. */
export function fourColourOn() {
  try {
    return localStorage.getItem(DECK_KEY) === "on";
  } catch {
    return false; // storage refused: the usual deck
  }
}

/** The document dressed for the deck chosen (the class every suit's colour follows). */
export function applyDeckColours() {
  document.documentElement.classList.toggle("four-colour", fourColourOn());
}

/** The settings' "Four-colour deck" switch: pressed while the deck is on; a tap turns it on or off. */
export function deckToggle() {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "menu-extra deck-toggle";
  const pill = document.createElement("span");
  pill.className = "menu-pill";
  pill.textContent = "Four-colour deck";
  button.append(pill);
  const show = () => {
    const on = fourColourOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.title = on ? "Clubs green, diamonds blue: tap for the usual red and black"
      : "Red and black suits: tap for clubs in green and diamonds in blue";
    applyDeckColours();
  };
  button.addEventListener("click", () => {
    try {
      localStorage.setItem(DECK_KEY, fourColourOn() ? "off" : "on");
    } catch {
      // storage refused: the switch cannot be remembered
    }
    show();
  });
  show();
  return button;
}
