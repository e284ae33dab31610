-- Which rows of the puzzle dump are malformed or illegal, and why: the
-- first problem's code, the rows that have it.
SELECT try_element_at(fen_errors(FEN), 1)['code'] AS code,
       count(*) AS puzzles,
       min(PuzzleId) AS example
FROM puzzles
WHERE NOT fen_valid(FEN)
GROUP BY 1
ORDER BY 2 DESC, 1
