"""Django's own words that our pages show: the sign-up form's help, the password rules, the
log-in refusal and the fields' standard refusals.

Django's Spanish says "usted" ("introduzca", "su contraseña"); the app says "tú". Our
catalogue (LOCALE_PATHS) is read before Django's, so a message it translates again wins. Marked
here, by Django's exact English, so that ``make messages`` (``--no-obsolete``) keeps those
entries: nothing calls this module.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

DJANGO_MESSAGES = (
    # django.contrib.auth: the sign-up and log-in forms, the password validators.
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be "
        "case-sensitive."
    ),
    # django.forms and django.core.validators: a field's standard refusals.
    gettext_noop("Enter a whole number."),
    gettext_noop("Enter a number."),
    gettext_noop("Enter a valid value."),
    gettext_noop("Enter a valid date."),
    gettext_noop("Enter a valid time."),
    gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is greater than or equal to %(limit_value)s."),
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Select a valid choice. That choice is not one of the available choices."),
)
DJANGO_PLURAL_MESSAGES = (
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        "min_length",
    ),
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
        "limit_value",
    ),
    ngettext_lazy(
        "Ensure this value has at least %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at least %(limit_value)d characters (it has %(show_value)d).",
        "limit_value",
    ),
)
