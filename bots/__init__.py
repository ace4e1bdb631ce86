"""Generic bots for meeple games: random, and (as they land) MCTS and ISMCTS."""
