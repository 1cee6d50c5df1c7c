"""The app's languages: core sentences in the page's language (``words.in_words``), the
scripts' words (``words.SCRIPT_MESSAGES``), the keypad in words, the ``words`` template filter
and the catalogues (``catalogs``, ``manage.py compile_translations``). Built on Django and the
domain only; the games, crews, referee and history import it. A user's saved language (the
switcher, its middleware and backend) lives with the accounts, in ``crews.preferences``.
"""
