#!/usr/bin/env python3
"""Check the chapter files of the built-in rules while writing them: the form the project
keeps (Fixtures/rules-ru/README.md), and whether each question, and each word a paragraph
decides (alone and in each form it is asked in), finds its paragraph in the first three
results of a real search.

  python3 Tests/Tools/check-rules.py [--rules PATH] [--only FILE ...]

Assembles the chapters (numbers not yet given count in file order) into a scratch folder,
builds an index there with `rules index build`, runs every question through
`rules search --batch --json --limit 3` and prints the problems found: the form first, then
the questions and the words that miss. --only limits the report to the named chapter files (the whole
corpus is still indexed: ranks depend on all of it). Exit 0 when nothing is found, 1 else.
"""
import argparse, glob, json, os, re, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.join(here, '..', '..')
chapters_dir = os.path.join(root, 'Fixtures', 'rules-ru', 'chapters')
sys.path.insert(0, here)
assemble = __import__('assemble-corpus')

TAG = re.compile(r'<[^>]+>')
SENTENCE_END = re.compile(r'(?<=[.?!;])\s+')   # where Finder::snippets cuts sentences
WRONG_LABEL = re.compile(r'неправильно|ошибочно|неверно|ошибкой|ошибка', re.I)
WORD = re.compile(r'[а-яё]+', re.I)


def form_problems(name, source, keys):
    """What breaks the project's conventions in one chapter file."""
    problems = []
    items = [('chapter', source['chapter'].get('intro_html', ''), source['chapter'].get('description', ''), None)]
    items += [(p['key'], p['html'], p['description'], p) for p in source['paragraphs']]
    for key, text, description, p in items:
        where = f'{name}: {key}'
        if re.search(r'\s</(p|li)>', text):
            problems.append(f'{where}: a space before </p> or </li>')
        for ref in assemble.REFERENCE.findall(text + description):
            if ref not in keys:
                problems.append(f'{where}: [[{ref}]] names no paragraph')
        if re.search(r'в (следующем|предыдущем) параграфе|в параграфе (выше|ниже)', text, re.I):
            problems.append(f'{where}: a cross-reference without a number (write [[key]])')
        # A wrong form (<s>) stands in a sentence that says it is wrong, before it: the
        # snippet shows whole sentences, so the label then always comes with the form.
        for block in re.split(r'</p>|</li>', text):
            for sentence in SENTENCE_END.split(block):
                first = sentence.find('<s>')
                if first >= 0 and not WRONG_LABEL.search(TAG.sub(' ', sentence[:first])):
                    problems.append(f'{where}: a wrong form <s> in a sentence with no «неправильно:» before it: {TAG.sub("", sentence)[:80]}')
        if p is None:
            continue
        keywords = [k.strip() for k in p['keywords'].split(',') if k.strip()] + p.get('words', [])
        if not any(k.startswith('__') and k.endswith('__') for k in keywords):
            problems.append(f'{where}: no __stem__ keyword')
        # Keywords keep ё as the text writes it (the indexer folds ё itself).
        written = {}
        # (a wrong form, <s>афёра</s>, does not count: the keyword «афера» is right)
        for w in WORD.findall(TAG.sub(' ', re.sub(r'<s>.*?</s>', ' ', text) + ' ' + p['title']).lower()):
            if 'ё' in w:
                written[w.replace('ё', 'е')] = w
        for k in keywords:
            for w in WORD.findall(k.lower()):
                if 'ё' not in w and w in written:
                    problems.append(f'{where}: keyword «{k}» folds ё of «{written[w]}»')
        # A morpheme in the title (-лаг-, -тся, пол-) is a keyword in its plain form too.
        plain = set(WORD.findall(' '.join(keywords).lower()))
        for morpheme in re.findall(r'(?<![а-яё])-?([а-яё]+)-|-([а-яё]+)(?![а-яё-])', p['title'].lower()):
            m = morpheme[0] or morpheme[1]
            if len(m) > 1 and m not in plain:
                problems.append(f'{where}: the title\'s «-{m}-» has no plain keyword «{m}»')
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--rules', default=os.environ.get('RULES', os.path.join(root, '.build', 'release', 'rules')))
    parser.add_argument('--only', nargs='*', default=[], help='chapter files to report on (names or paths)')
    args = parser.parse_args()
    only = {os.path.basename(f) for f in args.only}

    chapters = assemble.load_chapters(provisional=True)
    numbers = assemble.number_paragraphs(chapters, assign=False, provisional=True)
    records, _, words = assemble.assemble(chapters, numbers)
    keys = set(numbers)
    problems, questions = [], []
    for path, source in chapters:
        name = os.path.basename(path)
        if only and name not in only:
            continue
        problems += form_problems(name, source, keys)
        questions += [(name, q['q'], q['answer']) for q in source['queries']]
        for p in source['paragraphs']:
            decided, forms = assemble.words_of(p, source['chapter'], f'{name}: {p["key"]}')
            for word in decided:
                for form in ['{}'] + forms:
                    questions.append((name, form.replace('{}', word), p['key']))

    with tempfile.TemporaryDirectory() as work:
        corpus = os.path.join(work, 'corpus.jsonl')
        with open(corpus, 'w', encoding='utf-8') as out:
            for r in records:
                out.write(json.dumps(r, ensure_ascii=False) + '\n')
        subprocess.run([args.rules, 'index', 'build', '--corpus', corpus, '--out', os.path.join(work, 'index')], check=True)
        batch = subprocess.run([args.rules, 'search', '--batch', '--json', '--limit', '3', '--index', os.path.join(work, 'index')],
                               input='\n'.join(q for _, q, _ in questions) + '\n', capture_output=True, text=True)
        answers = batch.stdout.splitlines()
        if batch.returncode not in (0, 1) or len(answers) != len(questions):
            sys.exit(f'check-rules: the search answered {len(answers)} of {len(questions)} questions: {batch.stderr.strip()}')
    by_id = {str(n): key for key, n in numbers.items()}
    misses = 0
    for (name, q, answer), line in zip(questions, answers):
        top = [by_id.get(r['id'], r['id']) for r in json.loads(line)['results']]
        if answer not in top:
            misses += 1
            problems.append(f'{name}: the question «{q}» misses {answer}: first three {top}')
    for p in problems:
        print(p)
    print(f'{len(numbers)} paragraphs in {len(chapters)} chapters, {len(words)} words; {len(questions)} questions and word forms checked, {misses} missed; {len(problems)} problems')
    sys.exit(1 if problems else 0)


if __name__ == '__main__':
    main()
