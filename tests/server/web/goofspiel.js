// A test game renderer: draws the bids as a sentence (see docs/server.md, "A game's own renderer").
export function Board({ update, kit }) {
  return kit.html`<p id="custom">bids so far: ${JSON.stringify(update.view.fields.spent)}</p>`;
}
