"""Trains fen scan's square network (crates/fenkit-scan/src/network.rs) on
squares written by crates/fenkit-scan/training (training_set), and writes its weights in the
layout network.rs reads. Run through tools/train-scan, which makes the
squares first.

    python train_scan.py TRAIN.bin HELD_OUT.bin OUT.bin SEED [EPOCHS]

The same seed and squares give the same weights on the same machine.
EPOCHS (8 unless given) is there to compare recipes; tools/train-scan
gives none.
"""

import struct
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np

SIDE = 32
CHANNELS = [8, 16, 32]
HIDDEN = 64
CLASSES = 13
EPOCHS = 8
BATCH = 256


def load(path):
    records = np.fromfile(path, dtype=np.uint8).reshape(-1, 1 + SIDE * SIDE)
    labels = records[:, 0].astype(np.int32)
    squares = records[:, 1:].reshape(-1, 1, SIDE, SIDE)
    return squares, labels


def initial(key):
    params = []
    inputs = 1
    for outputs in CHANNELS:
        key, sub = jax.random.split(key)
        scale = np.sqrt(2.0 / (inputs * 9))
        params.append((jax.random.normal(sub, (outputs, inputs, 3, 3)) * scale, jnp.zeros(outputs)))
        inputs = outputs
    flat = CHANNELS[-1] * (SIDE // 8) ** 2
    for inputs, outputs in [(flat, HIDDEN), (HIDDEN, CLASSES)]:
        key, sub = jax.random.split(key)
        scale = np.sqrt(2.0 / inputs)
        params.append((jax.random.normal(sub, (inputs, outputs)) * scale, jnp.zeros(outputs)))
    return params


def forward(params, x):
    for weights, biases in params[:3]:
        x = jax.lax.conv_general_dilated(x, weights, (1, 1), "SAME", dimension_numbers=("NCHW", "OIHW", "NCHW"))
        x = jax.nn.relu(x + biases[None, :, None, None])
        x = jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
    x = x.reshape(x.shape[0], -1)
    weights, biases = params[3]
    x = jax.nn.relu(x @ weights + biases)
    weights, biases = params[4]
    return x @ weights + biases


def loss(params, x, y):
    logits = forward(params, x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))


@jax.jit
def step(params, moments, x, y, rate, t):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    first, second = moments
    first = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, first, grads)
    second = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, second, grads)
    params = jax.tree.map(
        lambda p, m, v: p - rate * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8),
        params,
        first,
        second,
    )
    return params, (first, second), value


@jax.jit
def predict(params, x):
    return jnp.argmax(forward(params, x), axis=1)


def as_input(squares, noise_key=None):
    return jnp.asarray(squares, dtype=jnp.float32) / 255.0


def accuracy(params, squares, labels):
    right = 0
    for start in range(0, len(labels), 4096):
        x = as_input(squares[start : start + 4096])
        right += int(np.sum(np.asarray(predict(params, x)) == labels[start : start + 4096]))
    return right / len(labels)


def boards_exact(params, squares, labels):
    predicted = np.concatenate(
        [np.asarray(predict(params, as_input(squares[s : s + 4096]))) for s in range(0, len(labels), 4096)]
    )
    boards = (predicted == labels).reshape(-1, 64).all(axis=1)
    return boards.mean()


def main():
    train_path, held_out_path, out_path, seed = sys.argv[1:5]
    seed = int(seed)
    epochs = int(sys.argv[5]) if len(sys.argv) > 5 else EPOCHS
    squares, labels = load(train_path)
    held_squares, held_labels = load(held_out_path)
    print(f"training on {len(labels)} squares, {len(held_labels)} held out", flush=True)
    rng = np.random.default_rng(seed)
    params = initial(jax.random.PRNGKey(seed))
    moments = (jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params))
    t = 0
    batches = len(labels) // BATCH
    for epoch in range(epochs):
        began = time.time()
        order = rng.permutation(len(labels))
        # A cosine schedule from 3e-3 down.
        total = 0.0
        for b in range(batches):
            t += 1
            progress = (epoch * batches + b) / (epochs * batches)
            rate = 3e-3 * 0.5 * (1 + np.cos(np.pi * progress))
            index = order[b * BATCH : (b + 1) * BATCH]
            x = as_input(squares[index])
            params, moments, value = step(params, moments, x, jnp.asarray(labels[index]), rate, t)
            total += float(value)
        print(
            f"epoch {epoch + 1}: loss {total / batches:.4f}, held-out squares "
            f"{accuracy(params, held_squares, held_labels):.4%}, boards "
            f"{boards_exact(params, held_squares, held_labels):.2%} ({time.time() - began:.0f} s)",
            flush=True,
        )
    numbers = []
    for weights, biases in params:
        numbers.append(np.asarray(weights, dtype="<f4").ravel())
        numbers.append(np.asarray(biases, dtype="<f4").ravel())
    flat = np.concatenate(numbers)
    with open(out_path, "wb") as out:
        out.write(b"FKSCAN01" + struct.pack("<I", flat.size) + flat.tobytes())
    print(f"wrote {flat.size} numbers to {out_path}")


if __name__ == "__main__":
    main()
