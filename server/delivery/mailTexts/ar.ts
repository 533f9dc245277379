import type { MailTexts } from '../mailTexts';

/**
 * "n new posts" with Arabic's plural forms: one, two, 3–10 (plural), 11–99 (singular
 * accusative), and 100 and above the singular genitive, by the last two digits as CLDR does.
 */
function newPosts(count: number): string {
  const lastTwo = count % 100;
  if (count === 0) return 'لا منشورات جديدة';
  if (count === 1) return 'منشور جديد واحد';
  if (count === 2) return 'منشوران جديدان';
  if (lastTwo >= 3 && lastTwo <= 10) return `${count} منشورات جديدة`;
  if (lastTwo >= 11) return `${count} منشورًا جديدًا`;
  return `${count} منشور جديد`;
}

/**
 * Arabic (addressing the reader in the masculine singular, as the app's catalog does). The
 * school's name is inserted as given, so no verb is made to agree with it: the sentences address
 * the reader or use the passive instead.
 */
export const arabic: MailTexts = {
  dir: 'rtl',
  kind: { post: 'خبر', event: 'فعالية', notification: 'إشعار', emergency: 'تنبيه طارئ' },
  kinds: { post: 'الأخبار', event: 'الفعاليات', notification: 'الإشعارات', digest: 'الملخص اليومي' },
  subject: (college, title) => `${college}: ${title}`,
  emergencySubject: (college, title) => `${college}: تنبيه طارئ — ${title}`,
  digestSubject: (college, count) => `${college}: ملخص اليوم (${newPosts(count)})`,
  digestIntro: (college, count) => `إليك ما نُشر اليوم في ${college}: ${newPosts(count)}.`,
  from: (author) => `من ${author}`,
  when: 'الموعد',
  where: 'المكان',
  attachments: 'المرفقات',
  open: 'فتح في Patio',
  whyImmediate: (college, kinds) => `تصلك هذه الرسالة لأنك اخترت تلقّي ${kinds} من ${college} عبر البريد الإلكتروني.`,
  whyDigest: (college) => `تصلك هذه الرسالة لأنك اخترت تلقّي رسالة واحدة يوميًا من ${college}.`,
  whyInactive: (college) => `تصلك هذه الرسالة لأن أيًّا من أجهزتك لم يفتح تطبيق ${college} مؤخرًا.`,
  whyEmergency: (college) => `تُرسَل التنبيهات الطارئة من ${college} دائمًا عبر جميع القنوات، ولا يمكن إيقافها.`,
  unsubscribe: (kinds) => `إيقاف تلقّي ${kinds} عبر البريد الإلكتروني`,
  choose: 'اختر طريقة وصول الرسائل إليك من ملفك الشخصي في Patio.',
  pages: {
    openPatio: 'فتح Patio',
    invalidTitle: 'هذا الرابط غير صالح',
    invalidText: 'ربما نُسخ بشكل غير كامل. لم يتغيّر أي شيء. افتح Patio للعثور على ما كنت تبحث عنه.',
    expiredTitle: 'انتهت صلاحية هذا الرابط',
    expiredText: 'تعمل الروابط الواردة في رسائل البريد الإلكتروني لمدة محدودة. لم يتغيّر أي شيء. افتح Patio للعثور على ما كنت تبحث عنه.',
    otherCollegeTitle: 'هذا الرابط خاص بمدرسة أخرى',
    otherCollegeText: 'فُتح هذا الرابط على عنوان مدرسة أخرى. لم يتغيّر أي شيء. افتح الرابط من الرسالة نفسها.',
    otherMemberTitle: 'هذا الرابط مخصّص لشخص آخر',
    otherMemberText: 'هذا المتصفح مسجَّل الدخول إلى Patio بحساب شخص آخر. لم يتغيّر أي شيء. سجّل الخروج أولًا، أو افتح الرابط في متصفح آخر.',
    goneTitle: 'هذا العنصر لم يعد موجودًا',
    goneText: 'حُذف أو لم يعد موجّهًا إليك. لم يتغيّر أي شيء.',
    unsubscribeTitle: (kinds) => `هل تريد إيقاف تلقّي ${kinds} عبر البريد الإلكتروني؟`,
    unsubscribeText: (college, kinds) =>
      `لن تتلقّى ${kinds} من ${college} عبر البريد الإلكتروني بعد الآن، وستجد كل شيء في التطبيق كالمعتاد. تُرسَل التنبيهات الطارئة دائمًا.`,
    unsubscribeButton: 'إيقاف هذه الرسائل',
    unsubscribedTitle: (kinds) => `تم: لن تتلقّى ${kinds} عبر البريد الإلكتروني بعد الآن`,
    unsubscribedText: 'يمكنك تغيير اختيارك في أي وقت من ملفك الشخصي في Patio.',
  },
};
