"""``fenkit.spark.register(spark)`` makes the column functions Spark SQL
functions under their own names, as Arrow UDFs (Spark 4.1 or newer): a
query file that runs on ``fen-sql`` runs unchanged on a Spark cluster.

Differences a query never sees, but a schema does: Spark has no unsigned
integers, so ``fen_polyglot_key`` returns the same 64 bits as a signed
``bigint`` there (what ``fen_polyglot_key_i64`` returns everywhere); the
options argument (``fen_valid(FEN, 'lenient')``) works as in ``fen-sql``.
The wheel must be installed on the workers too (``spark-submit
--py-files`` or an environment shipped with the job).

``fenkit.spark.read_pgn(spark, path)`` reads a PGN file, compressed or
not, as a DataFrame of games, with the columns of ``fenkit.read_pgn``;
``fenkit.spark.explorer(spark, games)`` counts them into the opening
explorer's rows, for Parquet and ``fen explorer import``.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from . import _columns, _native
from ._types import RETURNS


def _signed(arrow: pa.DataType) -> pa.DataType:
    """``arrow`` with every unsigned integer made signed: Spark has none.
    A uint64 keeps its 64 bits as an int64; narrower ones widen."""
    if pa.types.is_uint64(arrow):
        return pa.int64()
    if pa.types.is_unsigned_integer(arrow):
        return {8: pa.int16(), 16: pa.int32(), 32: pa.int64()}[arrow.bit_width]
    if pa.types.is_struct(arrow):
        return pa.struct([field.with_type(_signed(field.type)) for field in arrow])
    if pa.types.is_list(arrow):
        return pa.list_(arrow.value_field.with_type(_signed(arrow.value_type)))
    return arrow


def _spark_type(arrow: pa.DataType) -> Any:
    from pyspark.sql.pandas.types import from_arrow_type

    return from_arrow_type(_signed(arrow))


def _plain(result: Any) -> pa.Array:
    array = result.combine_chunks() if isinstance(result, pa.ChunkedArray) else result
    signed = _signed(array.type)
    return array if signed == array.type else array.cast(signed, safe=False)


def _udf(name: str) -> Any:
    _, most = _columns.arity(_columns.TABLE[name])

    def function(*arrays: pa.Array) -> pa.Array:
        # As in fen-sql: the records, the columns beside them, then the
        # options as words (a constant: Spark passes it as a column), told
        # apart by their count: options only after every column.
        columns = min(len(arrays), most)
        records, beside, rest = arrays[0], arrays[1:columns], arrays[columns:]
        words = rest[0] if rest else None
        words = str(words[0].as_py()) if words is not None and len(words) and words[0].is_valid else None
        return _plain(_native.call(name, records, *beside, words=words))

    return function


def register(spark: Any) -> None:
    """Registers every column function on ``spark`` under its SQL name.

    >>> import fenkit.spark  # doctest: +SKIP
    >>> fenkit.spark.register(spark)  # doctest: +SKIP
    >>> spark.sql("SELECT fen_valid('8/8 w')").first()[0]  # doctest: +SKIP
    False
    """
    from pyspark.sql.functions import arrow_udf

    for name in _columns.COLUMN_FUNCTIONS:
        returns = _spark_type(RETURNS[name])
        spark.udf.register(name, arrow_udf(_udf(name), returns))


def _spark_schema(positions: bool = False) -> Any:
    """The schema of ``read_pgn``'s games in Spark's types."""
    from pyspark.sql.types import StructField, StructType

    # Nullable throughout: Spark compares the batches' schema (whose
    # fields are all nullable) with this one.
    fields = _native.read_pgn_schema(positions)
    return StructType([StructField(f.name, _spark_type(f.type), True) for f in fields])


def _signed_batch(batch: pa.RecordBatch) -> pa.RecordBatch:
    columns = [_plain(column) for column in batch.columns]
    return pa.RecordBatch.from_arrays(columns, names=batch.schema.names)


def _data_source() -> Any:
    from pyspark.sql.datasource import DataSource, DataSourceReader

    class PgnReader(DataSourceReader):
        def __init__(self, path: str, positions: bool) -> None:
            self.path = path
            self.positions = positions

        def read(self, partition: Any) -> Any:
            # On the worker: the file read in batches of games, as Arrow.
            from fenkit import _native
            from fenkit.spark import _signed_batch

            for batch in _native.read_pgn(self.path, self.positions):
                yield _signed_batch(batch)

    class PgnDataSource(DataSource):
        """PGN files, compressed or not, one row per game."""

        @classmethod
        def name(cls) -> str:
            return "pgn"

        def positions(self) -> bool:
            return self.options.get("positions", "false").lower() == "true"

        def schema(self) -> Any:
            return _spark_schema(self.positions())

        def reader(self, schema: Any) -> Any:
            return PgnReader(self.options["path"], self.positions())

    return PgnDataSource


def read_pgn(spark: Any, path: str, positions: bool = False) -> Any:
    """The games of a PGN file (compressed or not) as a Spark DataFrame
    with the columns of ``fenkit.read_pgn`` (``positions=True``: its
    ``positions`` column too, each game played once), read by a worker in
    batches (a Python data source, ``spark.read.format("pgn")``)."""
    spark.dataSource.register(_data_source())
    reader = spark.read.format("pgn").option("positions", str(positions).lower())
    return reader.load(str(path))


def _counted(games: Any, kind: str, max_ply: int) -> Any:
    """Each batch of ``games`` counted by the native counts of ``kind``
    (``explorer`` or ``book``) on the workers, as a DataFrame of their
    schema, to be summed."""
    from pyspark.sql.types import StructField, StructType

    arrow = _native.counted_rows_schema(kind)
    schema = StructType([StructField(f.name, _spark_type(f.type), True) for f in arrow])

    def count(batches: Any) -> Any:
        from fenkit import _native

        for batch in batches:
            yield _native.counted_rows(kind, batch, max_ply)

    return games.mapInArrow(count, schema)


def explorer(spark: Any, games: Any, max_ply: int = 50) -> Any:
    """The opening explorer's rows of ``games`` (a DataFrame with the
    columns of ``read_pgn``): for each position, move, speed and month,
    White wins, draws, Black wins, rated games and their rating sum, and
    the four best rated games with their tags. The rows ``fen explorer
    build`` counts, summed across the cluster; write them to Parquet and
    ``fen explorer import`` makes the index of them.

    Games with the same columns count once (the command leaves out a game
    whose text it has seen). Of top games of equal rating, the cluster
    keeps any; the command keeps the first read.

    >>> rows = fenkit.spark.explorer(spark, fenkit.spark.read_pgn(spark, "games.pgn"))  # doctest: +SKIP
    >>> rows.write.parquet("rows")  # doctest: +SKIP
    """
    from pyspark.sql import functions as F

    del spark  # the DataFrame's session does the work
    rows = _counted(games.dropDuplicates(), "explorer", max_ply)
    sums = [F.sum(name).alias(name) for name in ("white", "draws", "black", "rated", "rating_sum")]
    # Structs sort by their first field, the rating: the best four.
    best = F.slice(F.sort_array(F.flatten(F.collect_list("top_games")), asc=False), 1, 4)
    return rows.groupBy("position", "move", "speed", "month").agg(*sums, best.alias("top_games"))


def book(spark: Any, games: Any, max_ply: int = 1024) -> Any:
    """A Polyglot book's counts of ``games`` (a DataFrame with the columns
    of ``read_pgn``; filter its rows first to keep some games): for each
    position (its Polyglot key) and move of each game's first ``max_ply``
    plies, the games that played it and their score for the side that
    played (2 a win, 1 a draw or no result, by the Result tag), summed
    across the cluster. Write them to Parquet and ``fen book make
    --from-parquet`` makes the book (``--min-game``, ``--min-score``,
    ``--only-white``, ``--uniform`` there).

    The book is ``fen book make``'s (and Polyglot's) from the same games,
    byte for byte, unless a move was played in 16,384 games or more:
    Polyglot then halves its position's counts as the games come, so
    that later games weigh more; from sums, the counts are halved until
    under. ``first`` (the game's number and ply) orders moves of equal
    weight as first played, for one file read by ``read_pgn``.

    >>> rows = fenkit.spark.book(spark, fenkit.spark.read_pgn(spark, "games.pgn"))  # doctest: +SKIP
    >>> rows.write.parquet("counts")  # doctest: +SKIP
    """
    from pyspark.sql import functions as F

    del spark  # the DataFrame's session does the work
    rows = _counted(games, "book", max_ply)
    sums = [F.sum("games").alias("games"), F.sum("score").alias("score"), F.min("first").alias("first")]
    return rows.groupBy("position", "move", "white").agg(*sums)
