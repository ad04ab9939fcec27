"""Importing a results CSV: ``plan`` reads the file against what is saved and
decides every change before anything is written; ``write`` saves the plan in one
short transaction (formats.md, Results CSV; the file format itself is
``scoring.core.results_csv``)."""
