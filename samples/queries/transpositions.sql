-- Puzzles that show the same position, reached by different move orders:
-- the four-field key meets where the FENs differ.
SELECT fen_key(fen_play(FEN, split_part(Moves, ' ', 1))) AS position,
       count(*) AS puzzles,
       count(DISTINCT FEN) AS starting_fens
FROM puzzles
WHERE fen_valid(FEN)
GROUP BY 1
HAVING count(*) > 1
ORDER BY 2 DESC, 1
