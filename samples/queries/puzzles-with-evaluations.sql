-- Join puzzles (six-field FEN, after the first move) to the evaluation
-- dump (four-field FEN, read leniently) on the position key.
SELECT p.PuzzleId AS puzzle,
       p.Rating AS rating,
       try_element_at(e.evals, 1)['depth'] AS depth,
       try_element_at(try_element_at(e.evals, 1)['pvs'], 1)['cp'] AS centipawns
FROM puzzles p
JOIN evaluations e
  ON fen_key(fen_play(p.FEN, split_part(p.Moves, ' ', 1))) = fen_key(e.fen, 'lenient')
ORDER BY 1
LIMIT 5
