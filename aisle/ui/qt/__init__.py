"""Qt helpers with no knowledge of games: the first frame, the language, labels, key names, the icon."""
