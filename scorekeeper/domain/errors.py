class RuleError(ValueError):
    """Input that breaks a rule of the game; the message is one plain sentence for the table."""
