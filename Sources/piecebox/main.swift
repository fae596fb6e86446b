print("piecebox")
