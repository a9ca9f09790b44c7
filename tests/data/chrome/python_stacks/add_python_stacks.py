#!/usr/bin/env python3
"""Adds the Python call stacks a `with_stack=True` recording has to a Kineto trace.

Usage: add_python_stacks.py IN.json.gz OUT.json.gz

The shared ResNet-50 trace was recorded without stacks. This writes the same
trace with `python_function` frames above the main thread's top-level CPU
operators, shaped like those of a real recording of torchvision's ResNet-50:
script, training step, nn.Module calls per stage, block and layer, and the
functional call under each layer. Frames open and close in the gaps between
operators, so every operator keeps its times and nesting, and the autograd
thread gets none (as in a real recording). The output is deterministic.
"""
import gzip
import json
import sys

MAIN_TID = 858
CALL = ["torch/nn/modules/module.py(1762): _wrapped_call_impl",
        "torch/nn/modules/module.py(1773): _call_impl"]
STEP = ["train.py(112): <module>", "train.py(98): train", "train.py(71): train_step"]
FORWARD = ["torchvision/models/resnet.py(285): forward", "torchvision/models/resnet.py(268): _forward_impl"]
LAYER = ["torch/nn/modules/container.py(250): forward"]
BLOCK = ["torchvision/models/resnet.py(143): forward"]
LEAF = {
    "aten::conv2d": ["torch/nn/modules/conv.py(554): forward", "torch/nn/modules/conv.py(549): _conv_forward"],
    "aten::batch_norm": ["torch/nn/modules/batchnorm.py(193): forward",
                         "torch/nn/functional.py(2812): batch_norm"],
    "aten::relu_": ["torch/nn/modules/activation.py(133): forward", "torch/nn/functional.py(1704): relu"],
    "aten::max_pool2d": ["torch/nn/modules/pooling.py(213): forward", "torch/_jit_internal.py(624): fn",
                         "torch/nn/functional.py(830): _max_pool2d"],
    "aten::adaptive_avg_pool2d": ["torch/nn/modules/pooling.py(1450): forward",
                                  "torch/nn/functional.py(1382): adaptive_avg_pool2d"],
    "aten::linear": ["torch/nn/modules/linear.py(125): forward"],
}
LOSS = ["torch/nn/modules/loss.py(1295): forward", "torch/nn/functional.py(3494): cross_entropy"]
BACKWARD = ["torch/_tensor.py(626): backward", "torch/autograd/__init__.py(340): backward",
            "torch/autograd/__init__.py(198): _make_grads"]
OPTIMIZER = ["torch/optim/optimizer.py(493): wrapper", "torch/optim/optimizer.py(89): _use_grad",
             "torch/optim/sgd.py(123): step", "torch/optim/sgd.py(290): sgd",
             "torch/optim/sgd.py(430): _multi_tensor_sgd"]
BATCH = ["train.py(64): make_batch"]
LAYER_BLOCKS = [3, 4, 6, 3]  # torchvision ResNet-50


def top_level_ops(events):
    ops = sorted((e for e in events if e.get("ph") == "X" and e.get("tid") == MAIN_TID
                  and e.get("cat") == "cpu_op"), key=lambda e: (e["ts"], -e["dur"]))
    top, end = [], float("-inf")
    for e in ops:
        if e["ts"] >= end:
            top.append(e)
            end = e["ts"] + e["dur"]
    return top


class ModelWalk:
    """Follows ResNet-50's forward through the operator sequence of one step."""

    def __init__(self, step):
        self.step = step
        self.calls = 0
        self.block = -1
        self.block_ops = 0
        self.bn_call = None

    def frame(self, key, name):
        return ((self.step,) + key, name)

    def call(self, leaf):
        self.calls += 1
        frames = [self.frame(("call", self.calls, i), n) for i, n in enumerate(CALL)]
        return frames + [self.frame(("call", self.calls, "leaf", i), n) for i, n in enumerate(leaf)]

    def chain(self, op, next_op):
        base = [self.frame(("step", i), n) for i, n in enumerate(STEP)]
        name = op["name"]
        if name in ("aten::randn", "aten::randint"):
            return base + [self.frame(("batch",), n) for n in BATCH]
        if name in ("aten::to", "aten::pin_memory"):
            return base
        if name == "aten::cross_entropy_loss":
            return base + self.call(LOSS)
        if name == "aten::ones_like":
            return base + [self.frame(("backward", i), n) for i, n in enumerate(BACKWARD)]
        if name.startswith("aten::_foreach"):
            return base + [self.frame(("optimizer", i), n) for i, n in enumerate(OPTIMIZER)]
        model = base + [self.frame(("model", i), n) for i, n in enumerate(CALL + FORWARD)]
        if name == "aten::add_" and next_op is not None and next_op["name"] == "aten::batch_norm":
            # BatchNorm counts its batches before normalising: one module call, two ops.
            self.bn_call = self.call(LEAF["aten::batch_norm"][:1])
            return model + self.stage() + self.bn_call
        if name == "aten::batch_norm" and self.bn_call is not None:
            frames, self.bn_call = self.bn_call, None
            return model + self.stage() + frames + [(frames[-1][0] + ("fn",), LEAF[name][1])]
        if name == "aten::max_pool2d":
            self.block = 0
            self.block_ops = 0
            return model + self.call(LEAF[name])
        if name in ("aten::adaptive_avg_pool2d", "aten::flatten", "aten::linear"):
            self.block = None
            return model + (self.call(LEAF[name]) if name in LEAF else [])
        if self.block is None or self.block < 0:
            return model + self.call(LEAF.get(name, []))
        frames = model + self.stage() + (self.call(LEAF[name]) if name in LEAF else [])
        if name == "aten::add_":  # the residual add: the block ends with its relu
            self.block_ops = -1
        elif name == "aten::relu_" and self.block_ops == -1:
            self.block += 1
            self.block_ops = 0
        return frames

    def stage(self):
        if self.block is None or self.block < 0:
            return []  # the stem and the head belong to no layer
        layer, block = 0, self.block
        while layer < len(LAYER_BLOCKS) - 1 and block >= LAYER_BLOCKS[layer]:
            block -= LAYER_BLOCKS[layer]
            layer += 1
        frames = [self.frame(("layer", layer, i), n) for i, n in enumerate(CALL + LAYER)]
        return frames + [self.frame(("block", self.block, i), n) for i, n in enumerate(CALL + BLOCK)]


def steps_of(events):
    steps = sorted((e["ts"], e["ts"] + e["dur"]) for e in events
                   if e.get("cat") == "user_annotation" and e.get("name", "").startswith("ProfilerStep#"))
    return steps


def step_index(steps, ts):
    for i, (start, end) in enumerate(steps):
        if start <= ts < end:
            return i
    return -1


def add_frames(events):
    ops = top_level_ops(events)
    steps = steps_of(events)
    frames, stack, walks = [], [], {}
    pid = ops[0]["pid"]
    next_id = [0]

    def close(to_depth, at, gap):
        step = min(0.05, gap / (2 * (len(stack) + 1)))
        k = 1
        while len(stack) > to_depth:
            frame = stack.pop()
            frame["dur"] = round(at + k * step - frame["ts"], 3)
            k += 1

    def open_(chain, at, gap):
        new = chain[len(stack):]
        step = min(0.05, gap / (2 * (len(new) + 1)))
        for i, (key, name) in enumerate(new):
            next_id[0] += 1
            parent = stack[-1]["args"]["Python id"] if stack else None
            frame = {"ph": "X", "cat": "python_function", "name": name, "pid": pid, "tid": MAIN_TID,
                     "ts": round(at - (len(new) - i) * step, 3), "dur": 0,
                     "args": {"Python parent id": parent, "Python id": next_id[0], "Python thread": 0},
                     "key": key}
            stack.append(frame)
            frames.append(frame)

    prev_end = ops[0]["ts"] - 100.0
    for i, op in enumerate(ops):
        step = step_index(steps, op["ts"])
        walk = walks.setdefault(step, ModelWalk(step))
        chain = walk.chain(op, ops[i + 1] if i + 1 < len(ops) else None)
        common = 0
        while common < min(len(chain), len(stack)) and stack[common]["key"] == chain[common][0]:
            common += 1
        gap = op["ts"] - prev_end
        close(common, prev_end, gap)
        open_(chain, op["ts"], gap)
        prev_end = op["ts"] + op["dur"]
    close(0, prev_end, 100.0)
    for frame in frames:
        del frame["key"]
    return frames


def main():
    with gzip.open(sys.argv[1], "rt") as f:
        trace = json.load(f)
    frames = add_frames(trace["traceEvents"])
    trace["traceEvents"].extend(frames)
    with gzip.GzipFile(sys.argv[2], "wb", mtime=0) as f:
        f.write(json.dumps(trace, separators=(",", ":")).encode())
    print(f"{len(frames)} python frames added")


if __name__ == "__main__":
    main()
