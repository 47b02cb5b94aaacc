/** The AMP4EMAIL rules' messages, in French (one function per kind of fault). */

const bytes = (n: number) => `${n.toLocaleString('fr-FR')} octets`;
/** A value as quoted in a message: a long one is cut (a document can hold a value of 200,000 bytes). */
const shown = (value: string) => (value.length > 120 ? `${value.slice(0, 120)}…` : value);
const tag = (name: string) => `<${shown(name)}>`;

export const copy = {
  noDoctype: () => 'Le document AMP doit commencer par <!doctype html>.',
  noHtmlTag: () => 'Le document AMP doit avoir une balise <html ⚡4email data-css-strict>.',
  notAmp4Email: () => "La balise <html> doit porter l'attribut ⚡4email (ou amp4email).",
  noCssStrict: () => "La balise <html> doit porter l'attribut data-css-strict.",
  noHead: () => 'Le document AMP doit avoir une balise <head>.',
  noBody: () => 'Le document AMP doit avoir une balise <body>.',
  noCharset: () => 'La balise <head> doit contenir <meta charset="utf-8">.',
  noRuntime: () => 'La balise <head> doit contenir <script async src="https://cdn.ampproject.org/v0.js"></script>.',
  noBoilerplate: () =>
    'La balise <head> doit contenir <style amp4email-boilerplate>body{visibility:hidden}</style>.',
  wrongBoilerplate: () => 'Le style amp4email-boilerplate doit contenir exactement body{visibility:hidden}.',
  duplicate: (what: string) => `${what} apparaît plus d'une fois : une seule est permise.`,
  disallowedTag: (name: string, instead?: string) =>
    `La balise ${tag(name)} n'est pas autorisée en AMP pour e-mail${instead ? ` : utilisez ${tag(instead)}` : ''}.`,
  customScript: () => "Le JavaScript n'est pas autorisé en AMP pour e-mail : seuls le script AMP et ceux de ses extensions le sont.",
  onlyInHead: (name: string) => `La balise ${tag(name)} n'est permise que dans <head>.`,
  templateInTemplate: () => 'Un <template> ne peut pas être placé dans un autre <template>.',
  disallowedAttr: (attr: string, name: string) => `L'attribut « ${shown(attr)} » n'est pas autorisé sur la balise ${tag(name)}.`,
  invalidValue: (attr: string, name: string, value: string) =>
    `L'attribut « ${attr} » de la balise ${tag(name)} a une valeur refusée : « ${shown(value)} ».`,
  missingAttr: (attr: string, name: string) => `La balise ${tag(name)} doit porter l'attribut « ${attr} ».`,
  relativeUrl: (url: string, attr: string, name: string, protocols: readonly string[]) =>
    `L'adresse « ${shown(url)} » de l'attribut « ${attr} » (balise ${tag(name)}) doit être absolue (${protocols.join(', ')}).`,
  badProtocol: (protocol: string, attr: string, name: string, protocols: readonly string[]) =>
    `Le protocole « ${protocol}: » de l'attribut « ${attr} » (balise ${tag(name)}) n'est pas permis : ${protocols.join(', ')} seulement.`,
  missingUrl: (attr: string, name: string) => `L'attribut « ${attr} » de la balise ${tag(name)} doit contenir une adresse.`,
  badExtensionSrc: (name: string, src: string) =>
    `Le script de l'extension ${name} doit être chargé depuis https://cdn.ampproject.org/v0/${name}-<version>.js, pas « ${shown(src)} ».`,
  unknownExtension: (name: string) => `L'extension « ${shown(name)} » n'est pas disponible en AMP pour e-mail.`,
  missingExtension: (name: string, extension: string) =>
    `La balise ${tag(name)} demande le script de l'extension ${extension} dans <head>.`,
  important: () => '« !important » est interdit dans le CSS AMP pour e-mail.',
  reservedName: () => 'Le préfixe « i-amphtml- » est réservé à AMP : il est interdit dans le CSS.',
  atRule: (rule: string) => `La règle CSS « @${rule} » est interdite en AMP pour e-mail : seules @media et @page sont permises.`,
  cssComment: () => 'Le CSS AMP ne peut pas contenir de commentaire HTML (<!--).',
  inlineStyleTooLong: (name: string, size: number, max: number) =>
    `L'attribut style de la balise ${tag(name)} fait ${bytes(size)} : ${bytes(max)} au plus.`,
  cssTooLong: (size: number, max: number) =>
    `Le CSS du document (style amp-custom et attributs style) fait ${bytes(size)} : ${bytes(max)} au plus.`,
  tooDeep: (max: number) =>
    `Le document AMP imbrique ici plus de ${max} balises les unes dans les autres : il est trop complexe pour être vérifié ou affiché.`,
  tooManyAttributes: (max: number) =>
    `Une balise du document AMP porte ici plus de ${max} attributs : il est trop complexe pour être vérifié.`,
  documentTooLong: (size: number, max: number) => `Le document AMP fait ${bytes(size)} : ${bytes(max)} au plus.`,
};
