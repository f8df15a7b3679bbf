"""Data files of citations: word lists and abbreviation tables read at first use."""
