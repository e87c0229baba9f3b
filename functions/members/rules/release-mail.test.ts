import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES } from '#platform/mail-templates.ts';
import { collectionLink, collectionPicture, releaseMailData, renderTemplate } from './release-mail.ts';

describe('the release mail', () => {
  const content = {
    subject: 'New: Aurora',
    text: 'A new piece.',
    collectionName: 'Aurora',
    collectionLink: 'https://shop.example/products/singleproducts?type=t1',
  };

  it('renders the template with the unsubscribe link, and the picture line only when there is one', () => {
    const plain = renderTemplate(
      MAIL_TEMPLATES['member-release'],
      releaseMailData(content, 'https://u.example/x'),
    );
    expect(plain.subject).toBe('New: Aurora');
    expect(plain.text).toContain('A new piece.');
    expect(plain.text).toContain('Aurora: https://shop.example/products/singleproducts?type=t1');
    expect(plain.text).toContain('To unsubscribe with one click: https://u.example/x');
    expect(plain.text).not.toContain('Picture:');
    const withPicture = renderTemplate(
      MAIL_TEMPLATES['member-release'],
      releaseMailData({ ...content, pictureLink: 'https://p.example/a.jpg' }, 'u'),
    );
    expect(withPicture.text).toContain('Picture: https://p.example/a.jpg');
  });

  it('announces an event by its title and day, with no collection line', () => {
    const event = renderTemplate(
      MAIL_TEMPLATES['member-release'],
      releaseMailData(
        {
          announces: 'event',
          subject: 'An evening in Paris',
          text: 'Members first.',
          eventTitle: 'Salon privé',
          eventDate: '2026-12-12',
        },
        'u',
      ),
    );
    expect(event.text).toContain('Salon privé: 12 December 2026');
    expect(event.text).not.toMatch(/^: /m);
    expect(event.text).not.toContain('Picture:');
  });

  it("takes the collection's first picture as a 960 px JPEG, and its storefront link", () => {
    expect(
      collectionPicture(
        { womenproductimage: '["s3/collection_images/a.png"]', menproductimage: 'undefined' },
        'https://s',
      ),
    ).toBe('https://s/media/collection_images/a/960w.jpg');
    expect(
      collectionPicture({ womenproductimage: '[]', menproductimage: '["https://x/b.jpg"]' }, 'https://s'),
    ).toBe('https://x/b.jpg');
    expect(collectionPicture({ womenproductimage: 'nope' }, 'https://s')).toBeUndefined();
    expect(collectionLink({ id: 't1', gender: 2, singlecollection: false }, 'https://s')).toBe(
      'https://s/products/productrelated?type=t1&gender=2',
    );
    // A women's or men's collection: its page rendered ahead of time, at its canonical address.
    expect(collectionLink({ id: 't1', gender: 0, singlecollection: false }, 'https://s')).toBe(
      'https://s/products/productrelated?type=t1&gender=0',
    );
    expect(collectionLink({ id: 't-2', gender: 1, singlecollection: true }, 'https://s')).toBe(
      'https://s/products/singleproducts?type=t-2&gender=1',
    );
  });
});
