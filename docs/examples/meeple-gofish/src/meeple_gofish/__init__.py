"""Go Fish as a meeple plugin: the example of what seats know without seeing — a question tells
everyone the asker holds that rank, a "go fish" tells everyone the asked seat holds none — with
books laid down in public and seats that run out of cards going out."""

__version__ = "1.0.0"
