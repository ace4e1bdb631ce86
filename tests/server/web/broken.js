// A test game renderer with a bug: the client draws the generic table instead.
export function Board() {
  throw new Error("a bug in a game's renderer");
}
