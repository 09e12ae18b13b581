// The page's shared context: the state every view reads (the input on screen, the functions, the
// key, M, the load's generation…) and the functions by which the views call one another. The
// shell (www/app.js) creates it, calls each view's setupX(ctx) and puts what a view offers the
// others into it; a view keeps its own state to itself. Views never import app.js or one another
// for these: they go through `ctx`.
import { C } from '../constants.js';

/**
 * An input, as loaded: the built-in corpus, a paste or a file. `by` says who chose it ('user',
 * 'lesson'), `columns`/`column` the table column read, `packing`/`packed` a paste's deflated copy
 * for the link.
 * @typedef {object} Source
 * @property {'corpus' | 'paste' | 'file'} kind
 * @property {number} [n]
 * @property {Uint8Array} [bytes]
 * @property {File} [file]
 * @property {string} [by]
 * @property {any} [columns]
 * @property {number} [column]
 * @property {Promise<void>} [packing]
 * @property {any} [packed]
 */

/**
 * The input on screen: its description, the core's input report, the worker's memory, the load's
 * time, the table read (null for a plain list), the workers that read it and what it hashed.
 * @typedef {object} Input
 * @property {{ kind: string, n?: number, name?: string, size?: number }} source
 * @property {any} report
 * @property {number} memory
 * @property {number} ms
 * @property {any} table
 * @property {number} workers
 * @property {{ fns: string[], key: string }} hashed
 */

/**
 * What the views share.
 * @typedef {object} AppState
 * @property {number} quizSeed the seed of the lessons' self-check questions
 * @property {any[]} functions the hash functions, from the wasm
 * @property {any[]} structures the trie view's structures, from the wasm
 * @property {any[]} methods the Bloom filters' index methods, from the wasm
 * @property {Record<string, string>} names the functions' names in the language shown
 * @property {Set<string>} selected
 * @property {string} key
 * @property {number} m
 * @property {{ cancelled: boolean, stop?: () => void } | null} loading the load in progress
 * @property {any} shown what the results view shows now (M, key, measures per function)
 * @property {Record<string, { data: any, gen: number | null }>} published the dedup views' last reports
 * @property {{ id: string, step: number } | null} lesson the lesson step on screen
 * @property {string | null} embed the embed shown (#embed=p1-fig2), or null for the whole lab
 * @property {number} generation bumped by every completed load
 * @property {number} figuresDone the load whose P1 figures are done
 * @property {number} figuresAsked the load whose P1 figures were asked for
 * @property {Promise<void> | null} figuresRun P1's figures of load `figuresAsked`, under way or done
 * @property {Input | null} input
 * @property {boolean} splitChecked
 * @property {Source} [lastSource] the input on screen's source
 * @property {Source} [keptForLessons] data the reader kept over a lesson's
 * @property {boolean} [linkReady] the address bar follows the state from now on
 * @property {string} [view] the view shown (a section id; 'all': the report), for the link
 * @property {string} [linkNote] why a link's input could not be opened
 * @property {{ generation: number, args: string, answer: Promise<any> } | null} firstView
 *   the results of the view the page opens on, asked for with the first input
 * @property {{ nodes: number, policy: string, reading: string, report: any, gen: number, figuresGen: number }} partition
 *   P2's crawler partition: the controls, and the last report (of load `gen`); `figuresGen`,
 *   the load whose P1 figures are still being computed (0: none)
 */

/**
 * The shared context. The shell fills in the functions once the views offering them are set up.
 * @typedef {object} Ctx
 * @property {AppState} state
 * @property {import('../lab-client.js').LabClient | null} lab the worker's client of the moment
 * @property {(message: string, options?: { restart?: boolean }) => void} showBanner
 * @property {(where: HTMLElement, e: any) => void} reportError
 * @property {(flag: boolean) => void} setBusy
 * @property {(source: Source, fed?: any) => Promise<void>} load
 * @property {(why?: string, options?: { quiet?: boolean }) => Promise<void>} restart
 * @property {() => void} cancelLoad
 * @property {(text: string, caret?: number | null) => void} setPasted
 * @property {() => Promise<void>} requestView
 * @property {() => void} updateLink
 * @property {() => void} lessonChanged
 * @property {() => void} showDataBadge
 * @property {() => void} showLessonData
 * @property {(n: number, src: Source) => Promise<'keep' | 'lesson'>} askData
 * @property {(previous: Source | undefined) => void} offerUndo
 * @property {(key: string) => void} checkKey
 * @property {(fns: string[]) => void} refuseFunctions
 * @property {() => void} settleChoices
 * @property {() => string[]} functionsToHash
 * @property {() => void} buildFunctionList
 * @property {(m: number) => void} setSlots
 * @property {(table: any) => void} showColumns
 * @property {(generation: number, whyFirst?: boolean) => Promise<void>} runFigures P1's figures and report (the report first for Why?)
 * @property {() => void} clearFigures a new input: P1's figures and report of the last are gone
 * @property {() => any} p1 P1's last report, or null
 * @property {{ waiting: (words: () => string) => void, askedGen: number }} partitionRuns
 * @property {() => Promise<void>} runPartition
 * @property {() => void} drawPartition
 * @property {() => void} applyNodes
 * @property {{ section: string, waiting: () => void, load: (generation: number) => Promise<void> | void, relabel: () => void, start?: () => void }[]} dedupViews
 *   The de-duplication views, once set up (empty before: `runFront` then starts only P1's figures,
 *   if they are in front). `start` draws what a view shows without input, once.
 * @property {() => void} booted the page is drawn whole from now on
 * @property {() => void} relabel draws every part of the page again in the language now chosen
 * @property {any} map the map of the lab (map.js), once the page is set up
 * @property {any} lessons the lesson panel (lessons.js), once set up
 */


/** The state the page opens with. */
export function firstState() {
  /** @type {AppState} */
  const state = {
    quizSeed: 0,
    functions: [],
    structures: [],
    methods: [],
    names: {},
    selected: new Set(C.p1.functions),
    key: 'url',
    m: C.p1.m,
    loading: null,
    shown: null,
    published: {},
    lesson: null,
    embed: null,
    generation: 0,
    figuresDone: 0,
    figuresAsked: 0,
    figuresRun: null,
    input: null,
    splitChecked: false,
    firstView: null,
    partition: {
      nodes: C.p2.nodes,
      policy: 'p2-printed',
      reading: 'site-folded',
      report: null,
      gen: 0,
      figuresGen: 0,
    },
  };
  return state;
}

/** A context around `state` whose functions the shell fills in. */
export function newContext(state) {
  const todo = () => {
    throw new Error('view not set up');
  };
  /** @type {Ctx} */
  const ctx = {
    state,
    lab: null,
    showBanner: todo,
    reportError: todo,
    setBusy: todo,
    load: todo,
    restart: todo,
    cancelLoad: todo,
    setPasted: todo,
    requestView: todo,
    updateLink: todo,
    lessonChanged: todo,
    showDataBadge: todo,
    showLessonData: todo,
    askData: todo,
    offerUndo: todo,
    checkKey: todo,
    refuseFunctions: todo,
    settleChoices: todo,
    functionsToHash: todo,
    buildFunctionList: todo,
    setSlots: todo,
    showColumns: todo,
    runFigures: todo,
    clearFigures: todo,
    p1: () => null,
    partitionRuns: null,
    runPartition: todo,
    drawPartition: todo,
    applyNodes: todo,
    dedupViews: [],
    booted: todo,
    relabel: todo,
    map: null,
    lessons: null,
  };
  return ctx;
}
