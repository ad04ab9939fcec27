"""The views of scoring, by audience: ``public`` (standings, tables, heats),
``room`` (kiosk, phone view, feeds), and the GM's ``gm`` (new event, import,
acknowledge, print), ``gm_results`` (a table's results and ties), ``gm_rounds``
(semi-final, final, laurels) and ``gm_players``; ``common`` holds what they share.
"""
