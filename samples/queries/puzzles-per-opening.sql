-- How many puzzles show each opening: the position a puzzle shows is its
-- FEN after the first of its moves.
SELECT fen_opening(fen_play(FEN, split_part(Moves, ' ', 1)))['name'] AS opening,
       count(*) AS puzzles
FROM puzzles
WHERE fen_valid(FEN)
GROUP BY 1
ORDER BY 2 DESC, 1
LIMIT 5
