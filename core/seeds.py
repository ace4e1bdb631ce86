"""The one way meeple derives seeds: a keyed hash of a secret and a place, never an invertible mix.

A seed handed to a bot, or written where someone can read it, must tell nothing about any other
seed. SplitMix64's output mix (the `Rng` of the games) is a bijection: it can be run backwards,
so a bot seeded with ``Rng(deal ^ c).next64()`` recovered the deal seed, called
``game.new_state(deal)`` and knew every hand and the order of the pile (issue 11: 14 deals of 14).
Here every seed is ``blake2b(place, key=secret)``: a keyed hash is a pseudo-random function, so
its outputs reveal nothing of the key (the secret) nor of the outputs for other places, and
from the secret and a place anyone can recompute a seed, in any process, in any order.

A secret is only as good as it is hard to guess: a series seed chosen by hand (``--seed 7``) can
be found by trying small numbers, which is why `fresh_secret` is the default for matches and
tournaments.
"""

from __future__ import annotations

import hashlib
import secrets

from .errors import OptionError

__all__ = ["SEED_BITS", "SEED_LIMIT", "check_seed", "derive", "fresh_secret"]

#: Derived seeds and fresh secrets are non-negative 63-bit integers (they fit a signed 64-bit
#: integer everywhere), which every seed check below accepts.
SEED_BITS = 63
#: A seed meeple accepts is below this: the games' `Rng` reads a seed as 64 bits, so every
#: integer in [0, 2**64) is a different deal, and any other would alias one of them.
SEED_LIMIT = 1 << 64


def derive(secret: int, *parts: str | int) -> int:
    """A 63-bit seed from `secret` (the key) and `parts` (the place it is for, e.g. ``"deal", 3``).

    Each part is written with its type and length, so different part lists never hash alike
    (``("ab", 1)`` and ``("a", "b1")`` differ). `secret` must be an integer in [0, 2**64).
    """
    if type(secret) is not int or not 0 <= secret < 1 << 64:
        raise ValueError(f"a secret seed is an integer in [0, 2**64), got {secret!r}")
    data = bytearray()
    for part in parts:
        if type(part) is int:
            text, tag = str(part).encode(), b"i"
        elif type(part) is str:
            text, tag = part.encode(), b"s"
        else:
            raise TypeError(f"seed parts are str or int, got {type(part).__name__}")
        data += tag + str(len(text)).encode() + b":" + text
    digest = hashlib.blake2b(bytes(data), key=secret.to_bytes(8, "big"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def fresh_secret() -> int:
    """A random 63-bit secret from the operating system's generator (`secrets`)."""
    return secrets.randbits(SEED_BITS)


def check_seed(seed: object, what: str = "--seed") -> int:
    """`seed` if it is a seed meeple accepts: exactly an int (not a bool, not 5.0) in [0, 2**64),
    as the games' generator reads it; else an OptionError naming `what` ("--seed", "a seed")."""
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        shown = repr(seed)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise OptionError(f"{what} must be an integer from 0 to 2**64 - 1, got {shown}")
    return seed
