// The part of react-i18next the apps share (see TRIMMED in federation.mjs): hooks and the provider,
// without the <Trans> component's HTML parser. Every app imports 'react-i18next' as usual and gets
// these exports; an app that needs another one (e.g. Trans) adds it here.
export {
  useTranslation,
  I18nextProvider,
  I18nContext,
  initReactI18next,
  withTranslation,
  Translation,
  getI18n,
  setI18n,
} from '@khela/react-i18next-package';
