/**
 * PHP objects: only stdClass exists in templates (`to_object`,
 * `json_decode(.., false)`). Objects are handles: assignment shares them
 * (no copy), like PHP.
 */
import { PhpArray } from './array';

export class PhpObject {
  /** the properties, in order; int-like names are normalised like array keys */
  readonly props: PhpArray;
  readonly className: string;

  constructor(props?: PhpArray, className = 'stdClass') {
    this.props = props === undefined ? new PhpArray() : props;
    this.className = className;
  }
}
