"""heats: the event's structure: events, rounds (heats, semi-final, final),
players, check-in, tables and seats, the clock, the staff, the audit log.

Three layers (README, "Where things are"):

- ``heats.core``: the pure rules, no Django: a name's key and a player's draw key
  (``names``), a round's code, label and order (``rounds``), table sizes
  (``layout``), the seating search (``seating``), the heat clock (``clock``),
  what a table's result status means (``tables``), file limits (``files``,
  ``cells``), the two kinds of error (``errors``);
- ``heats.services``: the only writers, one topic a module, each change in one
  transaction with its row locks and an audit line;
- ``heats.views``: the GM's pages (``gm``, ``gm_records``) and the public ones
  (``public``), thin over the services.

heats never imports or names the results app: what it needs of results is its own
``Table.result_status``, which the results app keeps, and ``heats.extensions``
lets the results app add its scores, links and buttons to heats' pages.
"""
