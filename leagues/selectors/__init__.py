"""League reads: standings, careers, ratings, the workbook's rows; each in
a bounded number of queries (tests assert the counts)."""
