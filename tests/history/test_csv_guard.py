import csv
import io

import django_tables2 as tables

from scorekeeper.history.tables import SafeCSVExport


class NamesTable(tables.Table):
    ann = tables.Column(verbose_name='=HYPERLINK("http://evil.example","Ann")')
    ben = tables.Column(verbose_name="Ben")


def test_every_cell_is_guarded_headers_included():
    table = NamesTable([{"ann": "=1+1", "ben": -3}, {"ann": "@SUM(A1)", "ben": "+5"}])
    rows = list(csv.reader(io.StringIO(SafeCSVExport("csv", table).export())))
    assert rows == [
        ['\'=HYPERLINK("http://evil.example","Ann")', "Ben"],
        ["'=1+1", "-3"],
        ["'@SUM(A1)", "+5"],
    ]
