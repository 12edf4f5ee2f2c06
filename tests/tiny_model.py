"""A tiny random Llama with a character-level tokenizer, built offline in a test's ``tmp_path``.

Shared by the tests that need a real ``from_pretrained`` folder (the README's GRPO snippet, ``rewardkit eval
--model``). Random weights: the point is the plumbing, never the answers. Needs torch, transformers and
tokenizers (the ``[train]`` extra); import it only from a test that has already skipped without them.
"""

from __future__ import annotations

import string
from pathlib import Path

CHAT_TEMPLATE = (
    "{% for m in messages %}<|{{ m['role'] }}|>{{ m['content'] }}{{ eos_token }}{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>{% endif %}"
)


def tiny_model(folder: Path, *, chat_template: str | None = CHAT_TEMPLATE, seed: int = 0) -> None:
    """A random ~1M-parameter Llama and a character tokenizer, saved as a folder ``from_pretrained`` loads.

    Llama, not qwen2: for a qwen2 folder transformers substitutes Qwen2Tokenizer, which drops spaces.
    """
    import torch
    from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    specials = ["<pad>", "<s>", "</s>", "<unk>"]
    chars = sorted(set(string.printable) - set("\x0b\x0c"))
    vocab = {token: i for i, token in enumerate(specials + chars)}
    core = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Split(Regex(r"[\s\S]"), behavior="isolated")
    core.decoder = decoders.Fuse()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core,
        pad_token="<pad>",
        bos_token="<s>",
        eos_token="</s>",
        unk_token="<unk>",
        padding_side="left",
        chat_template=chat_template,
    )
    tokenizer.save_pretrained(folder)

    torch.manual_seed(seed)
    config = LlamaConfig(
        vocab_size=len(vocab),
        hidden_size=64,
        intermediate_size=256,
        num_hidden_layers=4,
        num_attention_heads=4,
        num_key_value_heads=4,
        max_position_embeddings=1024,
        pad_token_id=vocab["<pad>"],
        bos_token_id=vocab["<s>"],
        eos_token_id=vocab["</s>"],
        tie_word_embeddings=True,
    )
    LlamaForCausalLM(config).save_pretrained(folder)
