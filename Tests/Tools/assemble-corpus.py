#!/usr/bin/env python3
"""Assemble the built-in corpus from Fixtures/rules-ru/chapters/*.json (the project's own
text, one file a chapter) into the index's corpus format and the list of test questions.

  python3 Tests/Tools/assemble-corpus.py [--out DIR] [--assign-numbers]

Writes DIR/corpus.jsonl (one record a line: id, title, html, keywords, description, time,
url, kind, parent, number), DIR/questions.tsv (question <TAB> number of the paragraph
that answers it) and DIR/words.tsv (word <TAB> number of the paragraph that decides it
<TAB> the forms people type it in); DIR is Fixtures/rules-ru unless given.

A paragraph's `words` are the words and set phrases it decides, as a writer in doubt types
them («конечно», «в течение», «микрорайон»); they join its keywords in the corpus. Its
`asked_as` (or else its chapter's) are the forms such a doubt is typed in, `{}` standing for
the word («{} запятая», «как пишется {}», «{} с большой буквы»). words.tsv lists each word
with its paragraph's number and forms; the tests ask each word alone and in each form.

Numbers are a public interface: every chapter and paragraph carries its own `number` in its
file, and a number, once given, keeps its rule. Chapters are ordered by number; paragraphs
stand in their chapter in file order. A paragraph written without a number gets the next
free one: one above the largest ever given, counting the numbers Fixtures/rules-ru/numbers.tsv
lists as removed, so that a removed number is never reused. `--assign-numbers` writes those
numbers into the chapter files; without it, a paragraph without a number is an error.

In html and description, `[[key]]` names another paragraph by its key and becomes `§ N`.
"""
import argparse, glob, html, json, os, re, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
fixtures = os.path.join(root, 'Fixtures', 'rules-ru')
REFERENCE = re.compile(r'\[\[([^\]]+)\]\]')
# What a keyword can be and still match a typed query: the reference lowercases the query and
# keeps only these characters (Finder::filter_input); a keyword is compared as written.
TYPABLE_WORD = re.compile(r'[а-яёa-z0-9](?:[-а-яёa-z0-9. ]*[а-яёa-z0-9.])?')


def fail(message):
    sys.exit(f'assemble-corpus: {message}')


def load_chapters(provisional=False, assign=False):
    """Every chapter file as (path, parsed source), ordered by chapter number."""
    chapters = []
    for path in sorted(glob.glob(os.path.join(fixtures, 'chapters', '*.json'))):
        try:
            chapters.append((path, json.load(open(path, encoding='utf-8'))))
        except ValueError as error:
            fail(f'{os.path.basename(path)}: not valid JSON: {error}')
    if provisional or assign:
        # A new chapter takes the next free number, in file order.
        next_free = max([source['chapter'].get('number', 0) for _, source in chapters] + [0]) + 1
        for path, source in chapters:
            if 'number' not in source['chapter']:
                source['chapter']['number'] = next_free
                next_free += 1
                if assign:
                    write_chapter(path, source)
    numbers = [source['chapter'].get('number') for _, source in chapters]
    if None in numbers:
        fail(f'{os.path.basename(chapters[numbers.index(None)][0])}: the chapter has no number')
    if len(set(numbers)) != len(numbers):
        fail('two chapters have the same number')
    return sorted(chapters, key=lambda item: item[1]['chapter']['number'])


def removed_numbers():
    """Numbers numbers.tsv lists as removed (`N<TAB>-<TAB>why`): never given again."""
    path = os.path.join(fixtures, 'numbers.tsv')
    if not os.path.exists(path):
        return set()
    rows = [line.rstrip('\n').split('\t') for line in open(path, encoding='utf-8') if line.strip() and not line.startswith('#')]
    return {int(row[0]) for row in rows if len(row) > 1 and row[1] == '-'}


def number_paragraphs(chapters, assign, provisional=False):
    """Every paragraph's number by key; numbers missing are given (or an error)."""
    numbers, keys = {}, set()
    for path, source in chapters:
        for p in source['paragraphs']:
            if p['key'] in keys:
                fail(f'{os.path.basename(path)}: the key {p["key"]} is used twice')
            keys.add(p['key'])
            if 'number' in p:
                numbers[p['key']] = p['number']
    given = list(numbers.values())
    if len(set(given)) != len(given):
        fail('two paragraphs have the same number')
    reused = set(given) & removed_numbers()
    if reused:
        fail(f'§ {min(reused)} is listed as removed in numbers.tsv and may not be given again')
    next_free = max(given + list(removed_numbers()) + [0]) + 1
    given_now = []
    for path, source in chapters:
        for p in source['paragraphs']:
            if p['key'] not in numbers:
                if not (assign or provisional):
                    fail(f'{os.path.basename(path)}: {p["key"]} has no number (run with --assign-numbers)')
                numbers[p['key']] = next_free
                given_now.append((next_free, p))
                next_free += 1
    if given_now and assign:
        for _, p in given_now:
            p['number'] = numbers[p['key']]
        for path, source in chapters:
            write_chapter(path, source)
        # A new number is a new row of numbers.tsv; rows already there are never rewritten.
        with open(os.path.join(fixtures, 'numbers.tsv'), 'a', encoding='utf-8') as out:
            for n, p in given_now:
                out.write(f'{n}\t{p["key"]}\t{p["title"]}\n')
        print(f'gave numbers to {len(given_now)} paragraphs (numbers.tsv has their rows)', file=sys.stderr)
    return numbers


def write_chapter(path, source):
    """The chapter file as this project keeps it: `number` right after `key`."""
    chapter = source['chapter']
    source['chapter'] = {'number': chapter['number'], **{k: v for k, v in chapter.items() if k != 'number'}}
    for i, p in enumerate(source['paragraphs']):
        if 'number' in p:
            source['paragraphs'][i] = {'key': p['key'], 'number': p['number'], **{k: v for k, v in p.items() if k not in ('key', 'number')}}
    with open(path, 'w', encoding='utf-8') as out:
        out.write(json.dumps(source, ensure_ascii=False, indent=2) + '\n')


def resolve(text, numbers, where):
    """`[[key]]` → `§ N`, with no-break spaces after § and after a «см.» before it: the
    snippets cut sentences at a period followed by an ordinary space, and «(см. § 12)» cut
    after «см.» would show as «(см.»."""
    def number(match):
        if match.group(1) not in numbers:
            fail(f'{where}: [[{match.group(1)}]] names no paragraph')
        return f'§\u00a0{numbers[match.group(1)]}'
    return REFERENCE.sub(number, re.sub(r'\b(см|ср)\. (?=\[\[)', '\\1.\u00a0', text))


def folded(word):
    """A keyword as the indexer compares it (Indexer::add_keyword_to_index folds ё)."""
    return word.strip().lower().replace('ё', 'е')


def words_of(p, chapter, where):
    """A paragraph's words and the forms they are asked in, checked: a word the query could
    never match (a capital, a comma, a guillemet) or a form without `{}` is an error."""
    words = p.get('words', [])
    forms = p.get('asked_as', chapter.get('asked_as', []))
    for form in forms:
        if form.count('{}') != 1 or not TYPABLE_WORD.fullmatch(form.replace('{}', 'x')):
            fail(f'{where}: the form «{form}» is not one typed query with one {{}}')
    seen = set()
    for word in words:
        if not TYPABLE_WORD.fullmatch(word) or '  ' in word:
            fail(f'{where}: the word «{word}» cannot match a typed query (lowercase letters, digits, hyphens, single spaces, periods)')
        if folded(word) in seen:
            fail(f'{where}: the word «{word}» is listed twice')
        seen.add(folded(word))
    return words, forms


def keywords_with_words(keywords, words):
    """The keywords, then each word that is not one of them already."""
    have = {folded(k) for k in keywords.split(',')}
    extra = [w for w in words if folded(w) not in have]
    return ', '.join([keywords] + extra) if extra else keywords


def assemble(chapters, numbers):
    """The corpus records, the questions (question, paragraph number) and the words
    (word, paragraph number, forms)."""
    records, questions, words = [], [], []
    for path, source in chapters:
        chapter = source['chapter']
        chapter_id = f'ch{chapter["number"]}'
        paragraphs = source['paragraphs']
        contents = ''.join(f'<li>§ {numbers[p["key"]]}. {html.escape(p["title"], quote=False)}</li>' for p in paragraphs)
        records.append({
            'id': chapter_id, 'title': chapter['title'],
            'html': resolve(chapter['intro_html'], numbers, chapter_id) + f'<ul>{contents}</ul>',
            'keywords': chapter['keywords'], 'description': chapter['description'],
            'time': 0, 'url': f'/rules/{chapter_id}', 'kind': 'chapter', 'parent': None, 'number': chapter['number'],
        })
        for p in paragraphs:
            n = numbers[p['key']]
            decided, forms = words_of(p, chapter, f'{os.path.basename(path)}: {p["key"]}')
            words += [(w, str(n), forms) for w in decided]
            records.append({
                'id': str(n), 'title': p['title'], 'html': resolve(p['html'], numbers, p['key']),
                'keywords': keywords_with_words(p['keywords'], decided), 'description': resolve(p['description'], numbers, p['key']),
                'time': 0, 'url': f'/rules/{n}', 'kind': 'paragraph', 'parent': chapter_id, 'number': n,
            })
        for q in source['queries']:
            if q['answer'] not in numbers:
                fail(f'{os.path.basename(path)}: the question «{q["q"]}» answers {q["answer"]}, which is no paragraph')
            questions.append((q['q'], str(numbers[q['answer']])))
    return records, questions, words


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--out', default=fixtures, help='folder for corpus.jsonl and questions.tsv')
    parser.add_argument('--assign-numbers', action='store_true', help='give paragraphs without a number the next free ones')
    parser.add_argument('--provisional', action='store_true', help='number what has no number in file order, writing nothing (drafts)')
    args = parser.parse_args()
    chapters = load_chapters(args.provisional, args.assign_numbers)
    numbers = number_paragraphs(chapters, args.assign_numbers, args.provisional)
    records, questions, words = assemble(chapters, numbers)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, 'corpus.jsonl'), 'w', encoding='utf-8') as out:
        for r in records:
            out.write(json.dumps(r, ensure_ascii=False) + '\n')
    with open(os.path.join(args.out, 'questions.tsv'), 'w', encoding='utf-8') as out:
        for q, answer in questions:
            out.write(f'{q}\t{answer}\n')
    write_words(os.path.join(args.out, 'words.tsv'), words)
    print(f'{len(chapters)} chapters, {len(numbers)} paragraphs, {len(questions)} questions, {len(words)} words')


def write_words(path, words):
    with open(path, 'w', encoding='utf-8') as out:
        out.write('# The words and set phrases people ask about, each with the paragraph that decides it and the\n'
                  '# forms the doubt is typed in ({} is the word): word<TAB>number<TAB>form|form. Made by\n'
                  '# Tests/Tools/assemble-corpus.py from the chapter files\' `words` and `asked_as`.\n')
        for word, number, forms in words:
            out.write(f'{word}\t{number}\t{"|".join(forms)}\n')


if __name__ == '__main__':
    main()
