"""Event readers: load rows, call the pure code, return read models; nothing
here writes (the writers are ``heats.services``, which may import these; these
never import a service): ``clock`` (a round's clock and its feed),
``desk`` (the round page's read model), ``seat_questions`` (what "Seat now"
asks before the clock allows it) and ``versions`` (what a GM form was drawn
from, and the refusal of a stale one).
"""
