import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { BackButton } from '../../components/back-button.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { genderOf, useNavValues } from '../../lib/nav-input.ts';
import { SizeFinder } from './size-finder.tsx';
import { SizeGuide } from './size-guide.tsx';
import './picking.css';

/**
 * /products/productsizeguide (000 §2): size finder (overlay), size guide (overlay), How to
 * measure, questions? contact us.
 */
export function ProductSizeGuide() {
  const values = useNavValues();
  const type = values.type;
  const gender = genderOf(values.gender);
  const [open, setOpen] = useState<'finder' | 'guide' | undefined>();
  if (!type || gender === undefined) return <Navigate to="/" replace />;
  return (
    <main className="page picking">
      <BackButton />
      <p className="picking-eyebrow">fit and measure</p>
      <h1 className="picking-title">Find your size</h1>
      <ul className="link-list picking-menu">
        <li>
          <button type="button" onClick={() => setOpen('finder')}>
            size finder
          </button>
        </li>
        <li>
          <button type="button" onClick={() => setOpen('guide')}>
            size guide
          </button>
        </li>
        <li>
          <Link to="/products/measure">How to measure</Link>
        </li>
        <li>
          <Link to="/products/questions">questions? contact us</Link>
        </li>
      </ul>
      <Sheet open={open === 'finder'} onClose={() => setOpen(undefined)} title="size finder">
        <SizeFinder type={type} gender={gender} onDone={() => setOpen(undefined)} />
      </Sheet>
      <Sheet open={open === 'guide'} onClose={() => setOpen(undefined)} title="size guide">
        <SizeGuide type={type} gender={gender} />
      </Sheet>
    </main>
  );
}
