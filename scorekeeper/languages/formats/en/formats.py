# "1 Dec 2026", as the tables say a night (their "j M Y").
DATE_FORMAT = SHORT_DATE_FORMAT = "j M Y"
DATETIME_FORMAT = SHORT_DATETIME_FORMAT = "j M Y, H:i"
