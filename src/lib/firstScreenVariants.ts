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

/**
 * The script that picks the variant, as the text of an inline <script> for the page's head. It
 * must run before the body is painted, so it is plain, dependency-free JavaScript. A room's join
 * link, /join/{code} (issue 24), is first written as /presenters?room={code}, the queue's page
 * with its first screens (the hosting serves presenters.html for it), keeping the code for the app.
 */
export function variantPickerScript(conditions: VariantCondition[], storageKeys: { profile: string; admin: string }): string {
  const data = JSON.stringify({ conditions, keys: storageKeys, attribute: VARIANT_ATTRIBUTE });
  const join = `var j=/^\\/join\\/([^/]+)\\/?$/.exec(location.pathname);if(j)history.replaceState(history.state,'','/presenters?room='+j[1]+location.hash);`;
  return `(function(d){try{${join}var s=window.localStorage,p=location.pathname.replace(/\\/+$/,'')||'/',hp=s.getItem(d.keys.profile)!==null,ha=s.getItem(d.keys.admin)!==null;for(var i=0;i<d.conditions.length;i++){var c=d.conditions[i];if(c.paths.indexOf(p)<0||(c.profile!==undefined&&c.profile!==hp)||(c.admin!==undefined&&c.admin!==ha))continue;if(c.redirect)history.replaceState(history.state,'',c.redirect+location.search+location.hash);document.documentElement.setAttribute(d.attribute,c.id);return}}catch(e){}})(${data});`;
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
