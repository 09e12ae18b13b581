// The self-check on the learner's own URLs, at the end of each lesson: a question the core
// computes from the loaded lines (src/engine/quiz.rs), the learner's answer checked and explained, and a
// score per lesson a teacher can copy. Questions follow a seed kept in the link, so a link asks
// the same ones. Words from S.quiz; nothing is computed here.
import { S, wordError } from './strings.js';
import { $, el, say } from './dom.js';
import { int } from './format.js';

/** A whole number in an argument, grouped as the page writes numbers (1600000 → 1 600 000). */
const grouped = (args) => args.map((a) => (/^-?\d{5,15}$/.test(a) ? int(Number(a)) : a));

/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ ($(id));
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ ($(id));
/** The value of the option checked in `box`, if any. @param {HTMLElement} box */
const checkedValue = (box) => /** @type {HTMLInputElement | null} */ (box.querySelector('input:checked'))?.value;

/** The verdict line (a live region: kept in the page, empty when there is nothing to say). */
function tell(words) {
  say($('quiz-result'), words);
  delete $('quiz-result').dataset.right;
}

/**
 * `app` gives: ask(lesson, index) → Promise of the question, names (function id → name),
 * generation() (of the input loaded), link() → the page's address now, saveQuestion(index) (for
 * the link), lessonTitle(id).
 */
/** Questions whose choices are function ids, worded as the functions' names. */
const NAMED = ['quality-high-bits'];

export function setupQuiz(app) {
  /** `checked`: false, or the verdict on the answer given ('right' or 'wrong'). */
  /** A choice's words: a function id as its name, anything else (a URL, a pair) as it is. */
  const choiceText = (q, c) => (NAMED.includes(q.code) ? (app.names()[c] ?? c) : c);
  const state = { lesson: null, question: null, checked: /** @type {false | 'right' | 'wrong'} */ (false), index: {}, scores: {}, ticket: 0, waiting: false };

  const score = (id) => (state.scores[id] ??= { right: 0, asked: 0 });

  /** Shows the question `lesson` is on, on the input loaded now (asked again after a new one). */
  async function show(lesson) {
    const at = state.index[lesson] ?? 0;
    const gen = app.generation();
    $('quiz').hidden = false;
    const q = state.question;
    if (state.lesson === lesson && q && q.at === at && q.gen === gen) return draw();
    state.lesson = lesson;
    state.question = null;
    state.checked = false;
    // A new question starts with nothing picked and nothing typed.
    $('quiz-options').replaceChildren();
    input('quiz-number').value = '';
    tell(() => '');
    draw();
    const ticket = ++state.ticket;
    try {
      const asked = await app.ask(lesson, at);
      if (ticket !== state.ticket) return;
      state.question = { ...asked, at, gen };
      state.waiting = false;
      draw();
    } catch (e) {
      if (ticket !== state.ticket) return;
      // P5's questions wait for the Bloom view (or the bake-off) to split the URLs; asked again
      // on its change.
      const waits = { 'quiz-needs-filter': 'waiting', 'quiz-needs-bakeoff': 'waitingBakeoff' }[e?.code];
      state.waiting = Boolean(waits);
      tell(() => (waits ? S.quiz[waits] : S.errorPrefix + wordError(e)));
    }
  }

  function hide() {
    $('quiz').hidden = true;
  }

  /** The question, its options and the score, in the page's language. */
  function draw() {
    const q = state.question;
    const id = state.lesson;
    const s = score(id);
    $('quiz-score').textContent = S.quiz.score(s.right, s.asked);
    button('quiz-copy').disabled = s.asked === 0;
    button('quiz-check').disabled = !q || Boolean(state.checked);
    if (q) $('quiz').dataset.asked = `${id}:${q.at}`;
    else delete $('quiz').dataset.asked;
    if (!q) {
      $('quiz-q').textContent = S.quiz.asking;
      $('quiz-options').hidden = true;
      $('quiz-number-box').hidden = true;
      return;
    }
    const args = grouped(q.code === 'slot' ? [q.args[0], app.names()[q.args[1]] ?? q.args[1], ...q.args.slice(2)] : q.args);
    $('quiz-q').textContent = S.quiz.ask[q.code](...args);
    const options = $('quiz-options');
    const number = q.kind === 'number';
    $('quiz-number-box').hidden = !number;
    options.hidden = number;
    if (number) {
      const box = input('quiz-number');
      box.setAttribute('aria-describedby', 'quiz-q');
      box.placeholder = S.quiz.range(q.min, q.max);
      box.disabled = Boolean(state.checked);
    } else {
      const picked = checkedValue(options);
      const choices = q.kind === 'yes-no' ? [['yes', S.quiz.yes], ['no', S.quiz.no]] : [...q.choices.map((c, i) => [String(i + 1), choiceText(q, c)]), ['0', S.quiz.none]];
      options.replaceChildren(
        ...choices.map(([value, text]) => {
          const radio = /** @type {HTMLInputElement} */ (el('input', { attrs: { type: 'radio', name: 'quiz-option', value } }));
          radio.checked = value === picked;
          radio.disabled = Boolean(state.checked);
          return el('label', { cls: q.kind === 'choice' && value !== '0' && !NAMED.includes(q.code) ? 'quiz-option url' : 'quiz-option' }, [radio, el('span', { text })]);
        }),
      );
    }
    if (state.checked) result();
  }

  /** The learner's answer: a whole number in range, or the value of the option picked; null if none. */
  function answer() {
    const q = state.question;
    if (q.kind === 'number') {
      // Full-width digits (a Chinese input method's) read as digits.
      const t = input('quiz-number').value.normalize('NFKC').trim();
      const v = /^\d{1,12}$/.test(t) ? Number(t) : NaN;
      return v >= q.min && v <= q.max ? String(v) : null;
    }
    return checkedValue($('quiz-options')) ?? null;
  }

  /** The answer's words: a number, yes / no, or the choice (a URL, or none of them). */
  function spoken(value) {
    const q = state.question;
    if (q.kind === 'yes-no') return value === 'yes' ? S.quiz.yes : S.quiz.no;
    if (q.kind === 'choice') return value === '0' ? S.quiz.none : choiceText(q, q.choices[Number(value) - 1]);
    return value;
  }

  function result() {
    const q = state.question;
    const right = state.checked === 'right';
    // A function id is worded as its name: the first of P1's slot question, and each choice's
    // (every third from the second) of the hash-quality question.
    const named = (i) => (i === 0 && q.explain === 'slot') || (NAMED.includes(q.explain) && i % 3 === 1);
    const explain = q.explain_args.map((a, i) => (named(i) ? (app.names()[a] ?? a) : a));
    say($('quiz-result'), () => S.quiz.verdict(right ? S.quiz.right : S.quiz.wrong(spoken(q.answer)), S.quiz.explain[q.explain](...grouped(explain))));
    $('quiz-result').dataset.right = right ? '1' : '0';
  }

  function check() {
    const q = state.question;
    if (!q || state.checked) return;
    const given = answer();
    if (given === null) {
      tell(() => (q.kind === 'number' ? S.quiz.typeNumber(q.min, q.max) : S.quiz.pickOne));
      return;
    }
    const s = score(state.lesson);
    s.asked += 1;
    if (given === q.answer) s.right += 1;
    state.checked = given === q.answer ? 'right' : 'wrong';
    for (const input of $('quiz-options').querySelectorAll('input')) input.disabled = true;
    draw();
    // The verdict in view inside the lesson panel (which scrolls on its own), and the keyboard on
    // the way on (Check is now disabled).
    $('quiz-result').scrollIntoView({ block: 'nearest' });
    $('quiz-next').focus({ preventScroll: true });
  }

  function another() {
    const id = state.lesson;
    if (!id) return;
    state.index[id] = (state.index[id] ?? 0) + 1;
    app.saveQuestion(state.index[id]);
    show(id);
  }

  async function copy() {
    const s = score(state.lesson);
    const line = S.quiz.scoreLine(app.lessonTitle(state.lesson), s.right, s.asked, app.link());
    try {
      await navigator.clipboard.writeText(line);
      tell(() => S.quiz.copied(line));
    } catch {
      tell(() => S.quiz.copyThis(line));
    }
  }

  $('quiz-check').addEventListener('click', check);
  $('quiz-number').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') check();
  });
  $('quiz-next').addEventListener('click', another);
  $('quiz-copy').addEventListener('click', copy);

  return {
    show,
    hide,
    /** The index of the question `lesson` is on, and setting it (from a link). */
    index: (lesson) => state.index[lesson] ?? 0,
    setIndex(lesson, index) {
      state.index[lesson] = index;
    },
    /** Asks again a question that waited for a view (the Bloom filter's split) or whose input was replaced. */
    retry() {
      if (!state.lesson || $('quiz').hidden) return;
      if (state.waiting || (state.question && state.question.gen !== app.generation())) show(state.lesson);
    },
    relabel() {
      if (state.lesson && !$('quiz').hidden) draw();
    },
  };
}
