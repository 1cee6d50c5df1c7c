"""The app's date formats, one per language (settings.FORMAT_MODULE_PATH): a day is said one
way on every page, "1 Dec 2026" in English and "1 dic 2026" in Spanish, where Django's own
would say "Dec. 1, 2026" and "1 de diciembre de 2026" beside the tables' "1 Dec 2026". Django
fills in the rest (numbers, first day of the week) from its locale."""
