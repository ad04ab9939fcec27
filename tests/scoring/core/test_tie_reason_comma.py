"""A tie_reason holding an unquoted comma: the csv module splits it into cells
beyond the header, which the reader ignores with a warning; for a reason the
rest of it was lost, the file imported. The line is refused instead, naming
the column (formats.md, Results CSV)."""

import pytest

from scoring.core.results_csv import ResultsFileError, parse_results_csv

HEADER = "heat,table,seat,player,day1,day2,final,place,tie_reason\n"
REST = "1,1,2,Ben,10,30,100,2,\n1,1,3,Cy,10,20,50,3,\n1,1,4,Di,10,20,40,4,\n"


def test_a_reason_split_by_a_comma_is_refused_naming_the_column():
    text = HEADER + "1,1,1,Ann,10,20,100,1,higher money, day 2\n" + REST
    with pytest.raises(ResultsFileError) as info:
        parse_results_csv(text)
    assert [str(p) for p in info.value.line_problems] == [
        "line 2, column tie_reason: 'higher money' is followed by cells beyond "
        "the header ('day 2'): a reason with a comma goes in double quotes"
    ]


def test_a_quoted_reason_keeps_its_comma():
    text = HEADER + '1,1,1,Ann,10,20,100,1,"higher money, day 2"\n' + REST
    rows = parse_results_csv(text).rows
    assert [r.tie_reason for r in rows] == ["higher money, day 2", "", "", ""]
