// The variants of a build-time first screen (src/lib/firstScreen.ts), shared by the build step
// that writes them into the pages (scripts/firstScreens.ts) and the module that renders them
// (src/app/firstScreens.tsx): when each applies, and the inline script and styles that show the
// right one before the first paint. Plain strings, no DOM, so the build can use it in Node.

/** The attribute that marks a variant in #root, and the one on <html> that names the variant shown. */
export const VARIANT_ATTRIBUTE = 'data-first-screen';

/** When a variant applies: the path it was rendered for and what browser storage must say. */
export interface VariantCondition {
  /** The variant's id, unique within its page. */
  id: string;
  /** The paths it serves. */
  paths: string[];
  /** true: only with a stored provider profile; false: only without; absent: either. */
  profile?: boolean;
  /** Likewise for an admin's kept sign-in. */
  admin?: boolean;
  /** Where the app would send this visitor at once (the address bar is set to it before the paint). */
  redirect?: string;
}

/** The id of the page's JSON block the picker reads (the variants' conditions and the storage keys). */
export const PICKER_DATA_ID = 'first-screen-variants';

/** What the picker reads from its JSON block. */
export interface PickerData {
  conditions: VariantCondition[];
  keys: { profile: string; admin: string };
}

/**
 * The phone field's rule on the build-time first screen from its first paint, before any of the
 * app's code has arrived: a keystroke that makes ten digits formats them as the app's field
 * does (src/lib/phone.ts, formatPhoneInput; tests/lib/phone.test.ts holds the two to the same
 * answers). Without it, digits typed while the app's first script downloads stayed as typed
 * until that script ran, seconds on a slow phone's network. It acts on the first screen's fields
 * only (under #root's variants), so the app's own field is left to the app.
 */
export const FIRST_SCREEN_PHONE_SCRIPT =
  `document.addEventListener('input',function(e){var t=e.target;if(!t||t.name!=='phone'||!t.closest||!t.closest('#root>[${VARIANT_ATTRIBUTE}]'))return;` +
  `var d=t.value.replace(/\\D/g,'');if(d.length!==10)return;var f='('+d.slice(0,3)+') '+d.slice(3,6)+'-'+d.slice(6);if(f!==t.value)t.value=f},true);`;

/**
 * The script that picks the variant, as the text of an inline <script> for the page's head. It
 * must run before the body is painted, so it is plain, dependency-free JavaScript. Its text is the
 * same on every page and in every build (it reads the page's variants from a JSON block before
 * it): the Content-Security-Policy allows it by its hash (scripts/hosting/headers.ts). A room's
 * join link, /join/{code}, is first written as /presenters?room={code}, the queue's page with its
 * first screens (the hosting serves presenters.html for it), keeping the code for the app. It
 * also sets the first screen's phone rule (FIRST_SCREEN_PHONE_SCRIPT).
 */
export const VARIANT_PICKER_SCRIPT =
  `(function(){${FIRST_SCREEN_PHONE_SCRIPT}try{var j=/^\\/join\\/([^/]+)\\/?$/.exec(location.pathname);if(j)history.replaceState(history.state,'','/presenters?room='+j[1]+location.hash);` +
  `var d=JSON.parse(document.getElementById(${JSON.stringify(PICKER_DATA_ID)}).textContent),s=window.localStorage,p=location.pathname.replace(/\\/+$/,'')||'/',hp=s.getItem(d.keys.profile)!==null,ha=s.getItem(d.keys.admin)!==null;` +
  `for(var i=0;i<d.conditions.length;i++){var c=d.conditions[i];if(c.paths.indexOf(p)<0||(c.profile!==undefined&&c.profile!==hp)||(c.admin!==undefined&&c.admin!==ha))continue;` +
  `if(c.redirect)history.replaceState(history.state,'',c.redirect+location.search+location.hash);document.documentElement.setAttribute(${JSON.stringify(VARIANT_ATTRIBUTE)},c.id);return}}catch(e){}})();`;

/** A JSON block for the page (not run: the Content-Security-Policy has nothing to allow). */
export function jsonBlock(id: string, data: unknown): string {
  // `<\/` keeps a "</script>" inside a string from ending the block; JSON reads `\/` as `/`.
  return `<script type="application/json" id="${id}">${JSON.stringify(data).replace(/<\//g, '<\\/')}</script>`;
}

/** The style rules that show only the picked variant. */
export function variantStyles(conditions: VariantCondition[]): string {
  const shown = conditions.map(({ id }) => `html[${VARIANT_ATTRIBUTE}="${id}"] #root>[${VARIANT_ATTRIBUTE}="${id}"]`).join(',');
  return `#root>[${VARIANT_ATTRIBUTE}]{display:none}${shown}{display:block}`;
}

export interface RenderedVariant extends VariantCondition {
  /** The path it was rendered at (the redirect's target where there is one). */
  render: string;
  /** The screen's markup. */
  html: string;
  /** Its styles, by the name emotion knows each by (so the app's styling takes them over). */
  styles: [name: string, css: string][];
}

export interface FirstScreenPage {
  /** The built page it goes into. */
  file: string;
  variants: RenderedVariant[];
}
