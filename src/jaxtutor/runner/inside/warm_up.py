"""JAX made ready before the job, inside the jail: the compile flags (set on import,
before JAX starts), the import itself (what a warm child and the fork server exist
for), and the warm-up of a child that waits in a pool.

The warm-up jits and exports small programs shaped like the course's (a training step
with value_and_grad and scan; the capstone's shuffled epochs with per-example
gradients), so that a learner's first trace finds JAX's code and memory already in
place. Where figures are wanted, docs/performance.md has them.
"""

from __future__ import annotations

import contextlib
import importlib
import os

# Cheaper compiles, paid once per shape on every check, while a tutorial's tiny arrays
# run in microseconds either way: less LLVM optimisation; XLA's older CPU fusion
# emitters, which compile a small program faster than the MLIR-based ones; and its
# machine code made in one piece, not split into parts for threads, each with a target
# machine of its own. Flags of the jaxlib that pyproject pins: an unknown flag aborts
# XLA. Set before JAX starts; a flag the user set wins.
_CHEAPER_COMPILES = {
    "xla_backend_optimization_level": "0",
    "xla_cpu_use_fusion_emitters": "false",
    "xla_cpu_parallel_codegen_split_count": "1",
}
# Eight CPU devices, so that the lesson on sharding runs a data-parallel step over a
# real mesh on every machine; a jitted function without shardings still runs on the
# first one, and the import and a first jit cost the same (measured: 0.6-0.8 s, 200 MB).
_HOST_DEVICES = {"xla_force_host_platform_device_count": "8"}
_FLAGS = os.environ.get("XLA_FLAGS", "")
os.environ["XLA_FLAGS"] = " ".join(
    [
        _FLAGS,
        *(
            f"--{k}={v}"
            for k, v in {**_CHEAPER_COMPILES, **_HOST_DEVICES}.items()
            if k not in _FLAGS
        ),
    ]
).strip()

# How long a child waits for a job before it warms up. A pool forks a child's
# replacement as the check begins; warming up later leaves that check the CPU (on two
# cores the overlap slowed it), and in `grade`, where the next job comes sooner, a
# child is taken before it spends anything on a warm-up.
_IDLE_BEFORE_WARM_UP_MS = 500


def import_jax() -> None:
    """The whole point of a warm child (and of the fork server): pay for this before
    the job. With what a first jit imports (MLIR's HLO dialects), so that a forked child
    does not import it again (a test holds a check's requests to importing nothing)."""
    import jax
    import jax.numpy  # noqa: F401

    # JAX's filter of an error's traceback stats paths for every frame: slow for any
    # error, and very slow for the RecursionError of a learner's runaway recursion. Only
    # the learner's own frames are kept anyway (learner_file.error)
    jax.config.update("jax_traceback_filtering", "off")
    with contextlib.suppress(ImportError):  # only a head start: jaxlib may move them
        import jax.experimental.multihost_utils  # noqa: F401  (a first call's dispatch)
        import jaxlib.mlir._mlir_libs._mlirHlo  # noqa: F401
        import jaxlib.mlir.dialects.builtin  # noqa: F401
        import jaxlib.mlir.dialects.mhlo  # noqa: F401
        import jaxlib.mlir.extras.meta  # noqa: F401


# XLA's programs kept on disk by the lesson's own child: those that took at least this
# long to compile (a random permutation's, 100-300 ms, not a step's, 10-30 ms, nor each
# learning rate's of a static-lr mutant, written anew on every check)
_COMPILED_MIN_S = 0.05


def keep_compiled(folder: str) -> None:
    """The lesson's own child (the only one whose jail shows `folder`, writable) keeps
    what XLA compiled for the lesson's slower programs there, and finds what an earlier
    process compiled: a one-off check's reference, a lesson's warm-up in the next app.
    Where the folder is missing, nothing."""
    if not os.path.isdir(folder):
        return
    import jax

    jax.config.update("jax_compilation_cache_dir", folder)
    jax.config.update("jax_persistent_cache_min_compile_time_secs", _COMPILED_MIN_S)
    jax.config.update("jax_persistent_cache_min_entry_size_bytes", -1)
    # no size for JAX to keep: it would read the whole folder each time it adds a
    # program (75 ms with 1,600 of them); the tutor trims it (compiled.compiled_folder)
    jax.config.update("jax_compilation_cache_max_size", -1)


def keep_heap() -> None:
    """Collect this process's garbage, then put what is left out of the collector's
    reach (gc.freeze): a full collection walks every object a process holds, and after
    JAX's import that took 60-190 ms of a check, at a moment nobody chose (measured in
    the lesson's kept child). For the fork server once its imports are done, which it
    keeps for good: its children then walk only their own objects, and leave its pages
    shared. Not for a child's own objects: a cycle frozen and dropped later is never
    freed (a kept child that froze at each rest grew past its 2 GiB limit, where one
    that did not stayed under 1 GiB), see `learner_process._serve`."""
    import gc

    gc.collect()
    gc.freeze()


def import_libraries(names: list[str]) -> None:
    """What lessons' files import beyond JAX (launch.COURSE_LIBRARIES), in the fork
    server only: paid once there, where a check would pay it in each of its children
    (~0.1-0.2 s); a child that was forked without one imports it if it needs it."""
    for name in names:
        with contextlib.suppress(ImportError):  # a pack's course may run without it
            importlib.import_module(name)


def idle(request_fd: int, ms: int) -> bool:
    """Whether no request came on `request_fd` for `ms` milliseconds."""
    import select

    poll = select.poll()  # not select(): the pipe was moved above 1024
    poll.register(request_fd, select.POLLIN)
    return not poll.poll(ms)


def warm_up_if_idle(request_fd: int, op_by_op: list | None = None) -> None:
    """A child waiting in a pool pays jit's one-time setup and more before its check. A
    cold check's request is already on its way, so it is never delayed by this.
    `op_by_op`: the shapes of the float arrays a check will call the learner's function
    with as it is (see course_ops_op_by_op)."""
    if not idle(request_fd, _IDLE_BEFORE_WARM_UP_MS):
        return
    import jax
    import jax.numpy as jnp

    # what the course exercises: value_and_grad with aux over a dict of parameters, and
    # a scan, under jit. Beyond jit's setup this brings in the code and (in a forked
    # child, copy-on-write) the memory a learner's trace touches: has_aux's and
    # scan_training_step's warm checks are faster than after a one-op warm-up
    def loss(params, x, y):
        z = jnp.tanh(x @ params["w"] + params["b"])
        return jnp.mean(jnp.logaddexp(0.0, -y * z)), jnp.mean(z > 0)

    def train(params, xs, ys):
        def step(params, batch):
            (value, aux), grads = jax.value_and_grad(loss, has_aux=True)(params, *batch)
            return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads), (value, aux)

        return jax.lax.scan(step, params, (xs, ys))

    params = {"w": jnp.ones(3), "b": jnp.zeros(())}
    jax.block_until_ready(jax.jit(train)(params, jnp.ones((2, 4, 3)), jnp.ones((2, 4))))
    if op_by_op and idle(request_fd, 0):  # this lesson's count: before the export below
        course_ops_op_by_op(op_by_op)
    if not idle(request_fd, 0):  # a job came meanwhile: it goes first
        return

    # and what the course's second half adds, exported as six lessons' checks are
    # (jax.export: traced and lowered, not compiled): an epoch shuffled from a traced
    # seed, a gather, per-example gradients through vmap. capstone_training_run's warm
    # checks gain most (its solution, and a correct file written another way)
    def epochs(seeds, w, x, y):
        def epoch(w, seed):
            order = jax.random.permutation(jax.random.key(seed), x.shape[0])
            grads = jax.vmap(
                jax.grad(lambda w, xi, yi: (jnp.dot(w, xi) - yi) ** 2), in_axes=(None, 0, 0)
            )(w, x[order], y[order])
            scale = jnp.minimum(1.0, 1.0 / jnp.sqrt(jnp.sum(grads**2, axis=1, keepdims=True)))
            return w - 0.1 * jnp.mean(grads * scale, axis=0), None

        return jax.lax.scan(epoch, w, seeds)

    jax.export.export(jax.jit(epochs))(jnp.arange(2), jnp.ones(3), jnp.ones((4, 3)), jnp.ones(4))
    stock_mlir_contexts(request_fd)


_STOCK: list = []  # MLIR contexts made while idle, each for one of the check's lowerings
_STOCKED = 10  # two per export, for the four or five exports of most checks with programs
_MAKE: list = []  # JAX's own make_ir_context


def stock_mlir_contexts(request_fd: int) -> None:
    """JAX makes a new MLIR context for every lowering (two per export), about 4 ms
    each: made here while the child waits, a check's exports take them. data_parallel's
    exports are most of its learner's part of a warm check. About 1 MB each."""
    from jax._src.interpreters import mlir

    if not _MAKE:
        _MAKE.append(mlir.make_ir_context)
        mlir.make_ir_context = _made_ahead
    while len(_STOCK) < _STOCKED and idle(request_fd, 0):
        _STOCK.append(_MAKE[0]())


def _made_ahead():
    return _STOCK.pop() if _STOCK else _MAKE[0]()


def course_ops_op_by_op(shapes: list) -> None:
    """What the course's functions do op by op (no jit) at the given shapes: a squared
    error and its gradient, a Python loop over an array's rows, the values it collects
    stacked.

    A check with `max_recompiles = 0` calls the learner's function as it is, and where
    that function jits nothing, its first call compiles each primitive's program anew
    in the check's fresh child: custom_derivatives' took 11, about 190 ms, the check's
    longest step; async_dispatch's loop, 3 of its 4 (its own jitted step is the fourth).
    Most are those of value_and_grad of sum((x @ w - y) ** 2) at the call's shapes, or
    of splitting an array into rows and stacking one value per row, which JAX keeps per
    primitive and shape, whoever calls them: run here first, they are compiled before
    the learner's file comes. Nothing of the exercise's own solution runs here, only the
    arguments' shapes (the lesson says them). x is any 2-D array, w a vector of its
    columns' count, y of its rows'; any array of 2 or more dimensions is looped over."""
    import jax
    import jax.numpy as jnp

    arrays = [jnp.ones(tuple(shape)) for shape in shapes]

    def squared_error(w, x, y):
        return jnp.sum((x @ w - y) ** 2)

    for x in (a for a in arrays if a.ndim == 2):
        w = next((a for a in arrays if a.shape == x.shape[1:]), None)
        y = next((a for a in arrays if a.shape == x.shape[:1]), None)
        if w is not None and y is not None:
            jax.block_until_ready(jax.value_and_grad(squared_error)(w, x, y))
            break
    # a Python loop over an array's rows (`for x in xs`) splits it in one program per
    # shape, and the values it collects, one per row, are stacked in another
    for rows in (list(a) for a in arrays if a.ndim >= 2):
        jax.block_until_ready(jnp.stack([jnp.ones(()) for _ in rows]))
