"""scoring: results, the Medici rules engine, advancement to the semi-final and
final, the laurels, the public standings and the room's screens, the printables.

Three layers (README, "Where things are"):

- ``scoring.core``: the pure rules, no Django: the rules engine (``medici``),
  places at a table, the die (``draw``), advancement with its HMW ranking and
  alternates, the final's field (``finals``), the laurels, tie suggestions, a
  table's result status, and the results CSV (``results_csv``); players are ids
  (``ids``), names only text;
- ``scoring.services``: the only writers, one topic a module (``result_status``
  the one writer of ``heats.models.Table.result_status``);
- ``scoring.views``: public (``public``, ``room``) and the GM's (``gm``,
  ``gm_results``, ``gm_rounds``, ``gm_players``), thin over the services.

scoring builds on heats (its models, services and view helpers), never the other
way round; ``scoring.extensions`` adds results to heats' pages through
``heats.extensions``. The printables are ``scoring.pdf``: pure builders from data
to PDF bytes.
"""
