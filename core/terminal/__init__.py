"""Terminal front ends: play a game at the prompt (`meeple play`) and step through records
(`meeple replay --step`), drawn with rich. Both show people views only, never states.
"""
