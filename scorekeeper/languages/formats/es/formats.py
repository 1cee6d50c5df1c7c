# "1 dic 2026", as the tables say a night (their "j M Y", translated "j b Y").
DATE_FORMAT = SHORT_DATE_FORMAT = "j b Y"
DATETIME_FORMAT = SHORT_DATETIME_FORMAT = "j b Y, H:i"
