import { useId, useState } from 'react';

interface FaqItem {
  question: string;
  answer: readonly string[];
}

const ITEMS: readonly FaqItem[] = [
  {
    question: 'How does Sample First work?',
    answer: [
      'Take our 2-minute questionnaire about your training, goals, diet and taste. We match you with protein powders that fit, and send a box of 4 single-serve samples.',
      'Try them at home or after a workout, rate them, and buy full-size tubs of the ones you love at member prices. Your next box arrives every 30, 45 or 60 days, whichever you choose.',
    ],
  },
  {
    question: 'What is in each box?',
    answer: [
      'Every box holds 4 single-serve samples: 2 prime picks that our matching chooses from your quiz answers, and 2 samples you choose yourself from the products that fit your diet and restrictions.',
      'Each packet is one full scoop, so you can taste a real shake, not a spoonful.',
    ],
  },
  {
    question: 'Can I return a box?',
    answer: [
      'No. Samples are food that is opened and tasted, so boxes are non-returnable.',
      'If a box arrives damaged or something is missing, write to us with the Get in touch form below and we will sort it out.',
    ],
  },
  {
    question: 'How do I manage or cancel my plan?',
    answer: [
      'Log in and open Membership to change your delivery schedule, update your preferences or cancel.',
      'Cancelling stops all future boxes at once. A box you have already paid for still ships.',
    ],
  },
];

/** The FAQ accordion (docs/product.md#public-pages): 4 items that open and close independently, all closed at first. */
export function Faq() {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());

  function toggle(index: number) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }

  return (
    <section className="home-section faq" aria-labelledby="faq-title">
      <p className="eyebrow">Questions</p>
      <h2 id="faq-title" className="home-section__title">
        Frequently asked questions
      </h2>
      <div className="faq__list">
        {ITEMS.map((item, i) => {
          const isOpen = open.has(i);
          const panelId = `${baseId}-panel-${i}`;
          const buttonId = `${baseId}-button-${i}`;
          return (
            <div key={item.question} className="faq__item">
              <h3 className="faq__heading">
                <button
                  id={buttonId}
                  type="button"
                  className="faq__button"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => toggle(i)}
                >
                  <span>{item.question}</span>
                  <svg
                    className="faq__icon"
                    viewBox="0 0 20 20"
                    width="20"
                    height="20"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path
                      d="M4 7l6 6 6-6"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.2"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              </h3>
              <section id={panelId} aria-labelledby={buttonId} className="faq__panel" hidden={!isOpen}>
                {item.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </section>
            </div>
          );
        })}
      </div>
    </section>
  );
}
