"""Puts a C++ file into a libFuzzer corpus folder as the fuzz target reads it: one mode byte
(0: --backend=cuda; see fuzz/translate_fuzzer.cpp) and the text, in a file named by the SHA-1 of
those bytes, as libFuzzer names corpus files.
    put_in_corpus.py CORPUS_DIR FILE.cpp"""
import hashlib
import os
import sys

corpus, source = sys.argv[1], sys.argv[2]
with open(source, "rb") as f:
    data = b"\x00" + f.read()
with open(os.path.join(corpus, hashlib.sha1(data).hexdigest()), "wb") as f:
    f.write(data)
