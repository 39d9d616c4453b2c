#!/usr/bin/env python3
"""`rules serve` in a real browser: headless Chromium driven by Selenium (Debian's
chromium and chromium-driver, selenium from PyPI), as a person would use the page.

  python3 Tests/Browser/serve_browser.py URL [--hostile URL2] [--screenshots DIR]

URL serves the built-in rules; URL2 (optional) an index of a hostile corpus. Prints one
line per check and exits 1 on the first failure (with what the page showed), 0 when all
held. Run by ServeBrowserTests (swift test), which starts the servers.
"""
import argparse, json, os, sys, time, urllib.parse

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

parser = argparse.ArgumentParser()
parser.add_argument('url')
parser.add_argument('--hostile')
parser.add_argument('--screenshots')
args = parser.parse_args()
base = args.url.rstrip('/')


def driver(width, height, javascript=True, phone=False):
    options = webdriver.ChromeOptions()
    options.binary_location = '/usr/bin/chromium'
    for a in ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
              f'--window-size={width},{height}', '--lang=ru-RU', '--no-first-run']:
        options.add_argument(a)
    if phone:
        # As the browser of a phone shows it (a window itself is never narrower than 500 pixels).
        options.add_experimental_option('mobileEmulation', {'deviceMetrics': {'width': width, 'height': height, 'pixelRatio': 2.0}})
    if not javascript:
        options.add_experimental_option('prefs', {'profile.managed_default_content_settings.javascript': 2})
    options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    service = webdriver.ChromeService(executable_path='/usr/bin/chromedriver')
    d = webdriver.Chrome(options=options, service=service)
    d.set_page_load_timeout(30)
    return d


def check(condition, what, d=None):
    if condition:
        print('ok:', what)
        return
    print('FAILED:', what)
    if d is not None:
        print('  at', d.current_url)
        print('  page:', d.find_element(By.TAG_NAME, 'body').text[:1500])
    sys.exit(1)


def wait(d, predicate, what, timeout=10):
    try:
        WebDriverWait(d, timeout).until(lambda _: predicate())
    except TimeoutException:
        check(False, what + ' (timed out)', d)
    print('ok:', what)


def no_alert(d, what):
    try:
        alert = d.switch_to.alert
        text = alert.text
        alert.dismiss()
        check(False, f'{what}: a script ran (alert «{text}»)', d)
    except NoAlertPresentException:
        pass


def console_errors(d):
    return [e for e in d.get_log('browser') if e['level'] == 'SEVERE']


def shot(d, name):
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
        d.save_screenshot(os.path.join(args.screenshots, name))


def typed(d, text, pause=0.08):
    box = d.find_element(By.ID, 'q')
    for letter in text:
        box.send_keys(letter)
        time.sleep(pause)


def total(d):
    return d.execute_script("var m = document.querySelector('main'); return m ? m.getAttribute('data-total') : null;")


def titles(d):
    """The title suggestions shown, read in one step (the list is rebuilt at each key)."""
    return d.execute_script(
        "var l = document.getElementById('titles');"
        "return l.hidden ? [] : Array.from(l.querySelectorAll('a')).map(function (a) { return [a.textContent, a.href]; });")


def query_of(url):
    return urllib.parse.parse_qs(urllib.parse.urlparse(url).query).get('q', [''])[0]


# A person on a desktop: types a query letter by letter.
d = driver(1280, 900)
d.get(base + '/')
check(d.find_element(By.ID, 'q').is_displayed(), 'the search box is shown')
check(len(d.find_elements(By.CSS_SELECTOR, 'ol.chapters a')) > 20, 'the home page lists the chapters', d)
seen_totals, seen_titles = set(), []
box = d.find_element(By.ID, 'q')
box.click()
for letter in 'запятая перед как':
    box.send_keys(letter)
    time.sleep(0.25)
    seen_totals.add(total(d))
    shown = [t for t, _ in titles(d)]
    if shown:
        seen_titles.append(shown)
wait(d, lambda: query_of(d.current_url) == 'запятая перед как', 'the address follows the query')
wait(d, lambda: total(d) not in (None, '0'), 'results for the query are shown')
check(len(seen_totals - {None}) >= 3, f'the results changed as it was typed ({sorted(t for t in seen_totals if t)})', d)
check(any(any('Запятая' in t or 'запят' in t.lower() for t in ts) for ts in seen_titles),
      f'title suggestions containing the query appeared ({len(seen_titles)} times)', d)
time.sleep(0.5)
marked = d.execute_script("return Array.from(document.querySelectorAll('main mark')).map(function (m) { return m.textContent; })")
check(len(marked) > 0 and all(m.lower().startswith(('запят', 'перед', 'как')) for m in marked),
      f'found words are marked ({len(marked)})', d)
shot(d, 'serve-results.png')
check(console_errors(d) == [], f'no errors in the console: {console_errors(d)}', d)

# Suggestions by keyboard: Down, Enter opens the title chosen.
box = d.find_element(By.ID, 'q')
box.clear()
typed(d, 'тире')
wait(d, lambda: len(titles(d)) > 3, 'titles for «тире» are listed')
time.sleep(0.3)
shot(d, 'serve-titles.png')
first = titles(d)[0][1]
box.send_keys(Keys.ARROW_DOWN)
box.send_keys(Keys.ENTER)
wait(d, lambda: d.current_url == first, 'Down and Enter open the first title')
check('тире' in d.find_element(By.TAG_NAME, 'h1').text.lower(), 'its page has its title', d)
d.back()
wait(d, lambda: urllib.parse.urlparse(d.current_url).path in ('/search', '/'), 'Back returns to the search')

# Open a result, follow a «§ N», come back.
d.get(base + '/search?q=' + urllib.parse.quote('однородные члены без союзов'))
result = [a for a in d.find_elements(By.CSS_SELECTOR, 'li.hit a.title') if a.get_attribute('href').endswith('/rules/242')][0]
result_url = result.get_attribute('href')
result.click()
wait(d, lambda: d.current_url == result_url, 'a result opens its rule')
ref = d.find_element(By.CSS_SELECTOR, 'a.ref')
ref_url, ref_text = ref.get_attribute('href'), ref.text
ref.click()
wait(d, lambda: d.current_url == ref_url, f'the reference {ref_text} opens its paragraph')
check(d.find_element(By.TAG_NAME, 'h1').text.startswith(ref_text.replace('\xa0', ' ') + '.'), 'the paragraph it names', d)
shot(d, 'serve-rule.png')
d.back()
wait(d, lambda: d.current_url == result_url, 'Back returns to the rule')
d.back()
wait(d, lambda: query_of(d.current_url) == 'однородные члены без союзов', 'and Back again to the results')
check(d.find_element(By.ID, 'q').get_attribute('value') == 'однородные члены без союзов', 'with the query in the box', d)

# Paging.
d.get(base + '/search?q=' + urllib.parse.quote('запятая'))
d.find_element(By.CSS_SELECTOR, 'a[rel=next]').click()
wait(d, lambda: 'page=2' in d.current_url, 'the next page opens')
check(d.find_element(By.CSS_SELECTOR, 'ol.hits').get_attribute('start') == '11', 'it numbers its results from 11', d)
d.back()
wait(d, lambda: 'page=2' not in d.current_url, 'Back returns to the first page')

# Back and Forward go through the queries typed.
d.get(base + '/')
box = d.find_element(By.ID, 'q')
typed(d, 'мягкий знак')
wait(d, lambda: query_of(d.current_url) == 'мягкий знак', 'the first query is in the address')
time.sleep(1.7)
typed(d, ' после шипящих')
wait(d, lambda: query_of(d.current_url) == 'мягкий знак после шипящих', 'the second query is in the address')
d.back()
wait(d, lambda: query_of(d.current_url) == 'мягкий знак', 'Back returns to the first query')
wait(d, lambda: d.find_element(By.ID, 'q').get_attribute('value') == 'мягкий знак', 'and puts it in the box')
first_total = total(d)
d.forward()
wait(d, lambda: query_of(d.current_url) == 'мягкий знак после шипящих', 'Forward goes to the second')
wait(d, lambda: total(d) != first_total, 'with its results')

# Misspelled: did you mean.
d.get(base + '/search?q=' + urllib.parse.quote('запитая'))
suggest = d.find_elements(By.CSS_SELECTOR, 'p.suggest a')
check(len(suggest) > 0, 'a misspelled query gets «Возможно, вы искали»', d)

# Printed: no search box, no paging.
d.get(base + '/search?q=' + urllib.parse.quote('запятая'))
d.execute_cdp_cmd('Emulation.setEmulatedMedia', {'media': 'print'})
check(not d.find_element(By.TAG_NAME, 'header').is_displayed(), 'printed, the page has no search box', d)
check(not d.find_element(By.CSS_SELECTOR, 'nav.paging').is_displayed(), 'nor paging links', d)
d.execute_cdp_cmd('Emulation.setEmulatedMedia', {'media': ''})

# Hostile queries: nothing runs, the title stays.
for q in ['<script>alert(1)</script>', '"><img src=x onerror=alert(2)>', "'><svg/onload=alert(3)>",
          '</title><script>alert(4)</script>', 'javascript:alert(5)']:
    d.get(base + '/search?q=' + urllib.parse.quote(q))
    time.sleep(0.2)
    no_alert(d, q)
    check(d.find_element(By.ID, 'q').get_attribute('value') == q, f'{q!r} stays text in the box', d)
    box = d.find_element(By.ID, 'q')
    box.clear()
    typed(d, q, pause=0.01)
    time.sleep(0.6)
    no_alert(d, q + ' typed')
check(True, 'no hostile query ran a script')
d.quit()

# A phone: 375 pixels wide, nothing wider than the screen.
d = driver(375, 812, phone=True)
for path in ['/', '/search?q=' + urllib.parse.quote('запятая перед как'), '/rules/242', '/rules/ch22']:
    d.get(base + path)
    width = d.execute_script('return document.documentElement.scrollWidth')
    check(width <= 375, f'{path} fits 375 pixels ({width})', d)
d.get(base + '/search?q=' + urllib.parse.quote('запятая перед как'))
shot(d, 'serve-phone.png')
box = d.find_element(By.ID, 'q')
box.clear()
typed(d, 'жи ши')
wait(d, lambda: query_of(d.current_url) == 'жи ши', 'typing works on the phone too')
d.quit()

# No JavaScript: the form and the links alone.
d = driver(1280, 900, javascript=False)
d.get(base + '/')
box = d.find_element(By.ID, 'q')
box.send_keys('буква ё')
box.submit()
wait(d, lambda: query_of(d.current_url) == 'буква ё', 'without JavaScript the form searches')
check(len(d.find_elements(By.CSS_SELECTOR, 'li.hit')) > 0, 'and the results page is there', d)
d.quit()

# A hostile corpus: every page of it, nothing runs.
if args.hostile:
    hb = args.hostile.rstrip('/')
    d = driver(1280, 900)
    d.get(hb + '/')
    links = [a.get_attribute('href') for a in d.find_elements(By.CSS_SELECTOR, 'main a')]
    pages = [hb + '/', hb + '/search?q=alert', hb + '/search?q=script', hb + '/search?q=' + urllib.parse.quote('слово')] + links
    for url in pages:
        d.get(url)
        time.sleep(0.2)
        no_alert(d, url)
        check(d.execute_script('return document.querySelectorAll("script").length') == 1, f'{url}: one script, the page\'s', d)
        check(d.execute_script('return document.querySelectorAll("img, svg, iframe, style, b[onclick]").length') == 0,
              f'{url}: no element of the corpus', d)
    box = d.find_element(By.ID, 'q')
    box.clear()
    typed(d, 'слово')
    time.sleep(0.8)
    no_alert(d, 'title suggestions of the hostile corpus')
    check(len(d.find_elements(By.CSS_SELECTOR, '#titles em')) > 0, 'its titles are suggested, as text', d)
    check(d.execute_script('return document.querySelectorAll("#titles img, #titles script, #titles svg").length') == 0,
          'no markup of its titles in the suggestions', d)
    check(True, f'a hostile corpus ran no script on {len(pages)} pages')
    d.quit()

print('all held')
