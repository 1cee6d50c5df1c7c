from tests.words import shows_word


def test_a_word_counts_on_the_page_but_not_inside_a_token():
    assert shows_word("<td>Zed</td>", "Zed") and shows_word("Zed, Yan", "Zed")
    assert not shows_word('value="PynWu98MVTZed9Z0Q"', "Zed")
    assert not shows_word("share/tok_Zed-x/", "Zed")
    assert not shows_word("Zedd", "Zed")
