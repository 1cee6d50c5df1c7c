"""The project's form renderer: every ``{{ field.as_field_group }}`` uses one field template."""

from django.forms.renderers import TemplatesSetting


class FormRenderer(TemplatesSetting):
    """Form templates come from the project's own template engine (``templates/forms/``),
    so a field looks the same on every page and its help text and errors are linked to
    the input by ``aria-describedby``."""

    field_template_name = "forms/field.html"
