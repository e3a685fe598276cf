// local placeholder (not committed)
