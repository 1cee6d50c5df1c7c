"""The rules search: a question typed at the table -> the library's entries that answer it, and
whether a sheet settles it (``search.lookup``).

Here too is what the search learns from and how it is judged: the question corpus
(``corpus/``, split into a tuning and a held-out half), the library's phrasings
(``phrasings/``), the calibration questions, written by other hands (``calibration/``) and the
trained weights (``model/``, written by ``make referee-model``). Pure Python: it reads the rules
library (``scorekeeper.rules``) and imports nothing from Django.
"""
