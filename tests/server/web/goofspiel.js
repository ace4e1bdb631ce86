// A test game renderer: draws the bids as a sentence (see docs/server.md, "A game's own renderer").
export function render(update, element, helpers) {
  element.append(helpers.el("p", { id: "custom" }, `bids so far: ${JSON.stringify(update.view.fields.spent)}`));
  return true;
}
